import type { TSchema } from "@sinclair/typebox";
import { Elysia, type ValidationError } from "elysia";
import type { ErrorCode, Failure } from "../../core/errors.ts";
import { readJsonBody } from "./body.ts";
import { refusal } from "./validate.ts";

/**
 * The JSON parsers of the REST routes: a body declared as anything but JSON is refused rather than
 * guessed at (Elysia would read it as text or a form). Its refusals reach `onError` as the cause of
 * Elysia's parse error. Where every field of the body is optional, no body at all is `{}`.
 */
export const jsonBodies = new Elysia({ name: "http/json-bodies" })
  .parser("strictJson", ({ request }) => readJsonBody(request))
  .parser("optionalJson", ({ request }) => readJsonBody(request, {}));

/** The 400 code each body schema is refused with, keyed by the schema Elysia checks with. */
const refusalCodes = new WeakMap<TSchema, ErrorCode>();

/**
 * Route options for a JSON body: Elysia parses it and checks it against the core's schema (the one
 * `/openapi.json` shows); `bodyRefusal` turns a mismatch into the route's 400 code.
 */
export function jsonBody<T extends TSchema>(schema: T, code: ErrorCode, { optional = false } = {}) {
  const known = refusalCodes.get(schema);
  // A bug, caught at start-up: one schema refused with two codes could not say which applies.
  if (known && known !== code) throw new Error(`${schema.$id ?? "a body schema"} is refused with both ${known} and ${code}`);
  // Elysia refuses a field the body's schema does not name; the schema says so itself, or
  // /openapi.json, drawn from it, would offer clients a freedom the route does not give.
  if (schema.additionalProperties !== false) throw new Error(`${schema.$id ?? "a body schema"} must say additionalProperties: false`);
  refusalCodes.set(schema, code);
  return { parse: optional ? ("optionalJson" as const) : ("strictJson" as const), body: schema };
}

/**
 * The one mapping of Elysia's validation failures to the spec's codes, naming the first field at
 * fault; null for a failure no route declared (a bug).
 */
export function bodyRefusal(error: ValidationError): Failure | null {
  const schema = (error.validator as { schema?: TSchema }).schema;
  const code = schema && refusalCodes.get(schema);
  if (!schema || !code || error.type !== "body") return null;
  return refusal(schema, code, error.value);
}

import type { Static, TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { type ErrorCode, type Failure, fail, invalid } from "../../core/errors.ts";
import { firstProblem } from "../../core/schemas/field-problem.ts";

interface Validator<T extends TSchema> {
  check(value: unknown): value is Static<T>;
  /** For query strings: reads exact numeric and boolean text as the schema's types, before checking. */
  fromQuery(query: Record<string, string>): Record<string, unknown>;
  /** The refusal of a value check failed on, naming the first field at fault. */
  refuse(code: ErrorCode, value: unknown): Failure;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Typed query parameters. Text that is not exactly a number or a boolean stays text, so that the
 * check refuses it by name (TypeBox's Value.Convert would read `limit=1.5` as 1).
 */
function fromQuery(schema: TSchema, query: Record<string, string>): Record<string, unknown> {
  const typed: Record<string, unknown> = { ...query };
  for (const [name, text] of Object.entries(query)) {
    const type = (schema.properties as Record<string, TSchema> | undefined)?.[name]?.type;
    if ((type === "integer" || type === "number") && NUMBER.test(text)) typed[name] = Number(text);
    if (type === "boolean" && (text === "true" || text === "false")) typed[name] = text === "true";
  }
  return typed;
}

/** Compiles a core schema once; every request is then checked by generated code. */
export function validator<T extends TSchema>(schema: T): Validator<T> {
  const compiled = TypeCompiler.Compile(schema);
  return {
    check: (value): value is Static<T> => compiled.Check(value),
    fromQuery: (query) => fromQuery(schema, query),
    refuse: (code, value) => refusal(schema, code, value),
  };
}

/** The refusal of a value that does not match its schema, naming the first field at fault. */
export function refusal(schema: TSchema, code: ErrorCode, value: unknown): Failure {
  const problem = firstProblem(schema, value);
  return problem ? invalid(code, problem) : fail(code);
}

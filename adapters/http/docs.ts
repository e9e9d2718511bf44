import type { TSchema } from "@sinclair/typebox";
import type { DocumentDecoration } from "elysia";
import type { ErrorCode } from "../../core/errors.ts";
import { STATUS_OF } from "./error-status.ts";

/**
 * OpenAPI operation objects built from the core's schemas and error catalogue. A Bearer route's
 * security is not written here: the route's `operation` gives it, from the authorization table (bearer.ts).
 */

const ref = (schema: TSchema) => ({ $ref: `#/components/schemas/${schema.$id}` });
const jsonContent = (schema: TSchema) => ({ "application/json": { schema: schema.$id ? ref(schema) : schema } });

interface OperationDoc {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly body?: TSchema;
  readonly query?: TSchema;
  readonly path?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly responses: Readonly<Record<number, { readonly description: string; readonly schema?: TSchema }>>;
  readonly errors: readonly ErrorCode[];
}

/** Every route that reads a JSON body may refuse it for its size or its declared type. */
const BODY_ERRORS: readonly ErrorCode[] = ["payload_too_large", "unsupported_media_type"];

export function operation(doc: OperationDoc): DocumentDecoration {
  const errorsByStatus = new Map<number, ErrorCode[]>();
  const errors = doc.body ? [...new Set([...doc.errors, ...BODY_ERRORS])] : doc.errors;
  for (const code of errors) errorsByStatus.set(STATUS_OF[code], [...(errorsByStatus.get(STATUS_OF[code]) ?? []), code]);
  const queryParams = doc.query
    ? Object.entries((doc.query as unknown as { properties: Record<string, TSchema> }).properties).map(([name, schema]) => ({
        name,
        in: "query",
        required: false,
        schema: strip(schema),
        ...(schema.description && { description: schema.description }),
      }))
    : [];
  return {
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    tags: [...doc.tags],
    parameters: [
      ...Object.entries(doc.path ?? {}).map(([name, description]) => ({ name, in: "path", required: true, description, schema: { type: "string" } })),
      ...Object.entries(doc.headers ?? {}).map(([name, description]) => ({
        name,
        in: "header",
        required: false,
        description,
        schema: { type: "string" },
      })),
      ...queryParams,
    ],
    ...(doc.body && { requestBody: { required: true, content: jsonContent(doc.body) } }),
    responses: {
      ...Object.fromEntries(
        Object.entries(doc.responses).map(([status, r]) => [
          status,
          { description: r.description, ...(r.schema && { content: jsonContent(r.schema) }) },
        ]),
      ),
      ...Object.fromEntries(
        [...errorsByStatus].map(([status, codes]) => [
          String(status),
          { description: `Error, code ${codes.map((c) => `\`${c}\``).join(" or ")}.`, content: jsonContent({ $id: "Error" } as TSchema) },
        ]),
      ),
    },
  } as DocumentDecoration;
}

/** A TypeBox schema as plain JSON Schema: no TypeBox symbols, no $id (components are named by key). */
export function strip(schema: TSchema): Record<string, unknown> {
  const { $id: _, ...rest } = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  return rest;
}

type OpenApiDocument = { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { $id?: string } }> } }>> };

/**
 * Points each request body at its component, as `operation` writes it: Elysia's OpenAPI plugin
 * describes a validated body again from the route's schema, inline, after the route's own
 * description, and a schema inlined with its `$id` would name a second schema like its component.
 */
export function referBodies<T extends OpenApiDocument>(document: T): T {
  for (const operation of Object.values(document.paths).flatMap((methods) => Object.values(methods))) {
    const json = operation.requestBody?.content?.["application/json"];
    if (json?.schema?.$id) json.schema = ref(json.schema as TSchema) as { $id?: string };
  }
  return document;
}

import type { TSchema } from "@sinclair/typebox";
import type { DocumentDecoration } from "elysia";
import type { ErrorCode } from "../../core/errors.ts";
import { STATUS_OF } from "./error-status.ts";

/**
 * OpenAPI operation objects built from the core's schemas and error catalogue. A Bearer route's
 * security and its refusals are not written here: the route's `operation` gives them, from the
 * authorization table (bearer.ts, through `guarded`).
 */

/** Where an operation keeps its own parameters, body and errors until ownDescriptions puts them in. */
const OWN = "x-own";
/**
 * Where a route's plugin puts the refusals every route it guards may give: its own (the Bearer
 * check's, before the handler) and those of the operation's rule, which the use case gives.
 */
const REFUSED = "x-refused";

const ref = (schema: TSchema) => ({ $ref: `#/components/schemas/${schema.$id}` });
const jsonContent = (schema: TSchema) => ({ "application/json": { schema: schema.$id ? ref(schema) : schema } });

/** A header: what it says, and its JSON Schema where it is more than a text. */
type HeaderDoc = string | { readonly description: string; readonly schema: Readonly<Record<string, unknown>> };

interface OperationDoc {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly body?: TSchema;
  /** The body may be left out, all its fields being optional (it then stands for `{}`). */
  readonly bodyOptional?: boolean;
  readonly query?: TSchema;
  readonly path?: Readonly<Record<string, string>>;
  /** Request headers the route reads. */
  readonly headers?: Readonly<Record<string, HeaderDoc>>;
  /** Each answer, with the headers it may carry. */
  readonly responses: Readonly<
    Record<number, { readonly description: string; readonly schema?: TSchema; readonly headers?: Readonly<Record<string, HeaderDoc>> }>
  >;
  /** The route's own refusals; a plugin's (the Bearer check) are added from the plugin (`guarded`). */
  readonly errors?: readonly ErrorCode[];
}

const headerSchema = (header: HeaderDoc) =>
  typeof header === "string" ? { description: header, schema: { type: "string" } } : { description: header.description, schema: header.schema };

/** A refusal for a rate or a quota says when to try again. */
const RETRY_AFTER: HeaderDoc = { description: "Whole seconds after which a retry may succeed.", schema: { type: "integer", minimum: 1 } };

/** Every route that reads a JSON body may refuse it for its size, or as unreadable (not JSON, or declared as something else). */
const BODY_ERRORS: readonly ErrorCode[] = ["payload_too_large", "invalid_json"];

export function operation(doc: OperationDoc): DocumentDecoration {
  const errors = [...(doc.errors ?? []), ...(doc.body ? BODY_ERRORS : [])];
  const queryParams = doc.query
    ? Object.entries((doc.query as unknown as { properties: Record<string, TSchema> }).properties).map(([name, schema]) => ({
        name,
        in: "query",
        required: false,
        schema: strip(schema),
        ...(schema.description && { description: schema.description }),
      }))
    : [];
  const requestBody = doc.body && { required: !doc.bodyOptional, content: jsonContent(doc.body) };
  const parameters = [
    ...Object.entries(doc.path ?? {}).map(([name, description]) => ({ name, in: "path", required: true, description, schema: { type: "string" } })),
    ...Object.entries(doc.headers ?? {}).map(([name, header]) => ({ name, in: "header", required: false, ...headerSchema(header) })),
    ...queryParams,
  ];
  return {
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    tags: [...doc.tags],
    parameters,
    ...(requestBody && { requestBody }),
    // Kept aside too: the plugin writes its own over these, for a route with a path parameter or a validated body (ownDescriptions).
    [OWN]: { parameters, ...(requestBody && { requestBody }), errors },
    responses: Object.fromEntries(
      Object.entries(doc.responses).map(([status, r]) => [
        status,
        {
          description: r.description,
          ...(r.schema && { content: jsonContent(r.schema) }),
          ...(r.headers && { headers: Object.fromEntries(Object.entries(r.headers).map(([name, header]) => [name, headerSchema(header)])) }),
        },
      ]),
    ),
  } as DocumentDecoration;
}

/** A route's security, and the refusals that come with it (authentication, rate, the operation's rule), which the route's own `errors` leave out. */
export const guarded = (security: Array<Record<string, string[]>>, refusals: readonly ErrorCode[]): DocumentDecoration =>
  ({ security, [REFUSED]: refusals }) as DocumentDecoration;

/** What a refused Bearer request is told of what it lacked (bearer.ts, RFC 6750). */
const CHALLENGE: Readonly<Record<number, HeaderDoc>> = {
  401: 'The Bearer challenge (RFC 6750): `Bearer realm="retour"`, with `error="invalid_token"` for a token refused.',
  403: 'With `insufficient_scope` only: `Bearer realm="retour", error="insufficient_scope", scope="…"`, naming the scope lacking.',
};

/**
 * One answer per error status, naming each code it may carry: a code listed twice is named once.
 * A refusal for a rate or a quota says when to try again; a `challenged` route's Bearer refusals say what was lacking.
 */
function errorResponses(codes: readonly ErrorCode[], challenged: boolean) {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of codes) byStatus.set(STATUS_OF[code], (byStatus.get(STATUS_OF[code]) ?? new Set()).add(code));
  return Object.fromEntries(
    [...byStatus].map(([status, named]) => [
      String(status),
      {
        description: `Error, code ${[...named].map((c) => `\`${c}\``).join(" or ")}.`,
        content: jsonContent({ $id: "Error" } as TSchema),
        ...(status === 429 && { headers: { "Retry-After": headerSchema(RETRY_AFTER) } }),
        ...(challenged && CHALLENGE[status] && { headers: { "WWW-Authenticate": headerSchema(CHALLENGE[status]) } }),
      },
    ]),
  );
}

/** A TypeBox schema as plain JSON Schema: no TypeBox symbols, no $id (components are named by key). */
export function strip(schema: TSchema): Record<string, unknown> {
  const { $id: _, ...rest } = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
  return rest;
}

type OwnDescription = { readonly parameters: unknown[]; readonly requestBody?: unknown; readonly errors: readonly ErrorCode[] };
type OpenApiOperation = {
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  [OWN]?: OwnDescription;
  [REFUSED]?: readonly ErrorCode[];
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/**
 * Puts back what each route's `operation` wrote where Elysia's OpenAPI plugin wrote its own after
 * it: parameters read from the path (without their descriptions, or the route's headers), and a
 * validated body described again from its parser's name, which the route's strict JSON parser
 * does not give (no content at all). Then adds the error answers: the refusals that come with the
 * route's security (`guarded`), listed first as they are judged first, and the route's own errors.
 */
export function ownDescriptions<T extends OpenApiDocument>(document: T): T {
  for (const operation of Object.values(document.paths).flatMap((methods) => Object.values(methods))) {
    const own = operation[OWN];
    const refused = operation[REFUSED] ?? [];
    if (own) {
      operation.parameters = own.parameters;
      if (own.requestBody) operation.requestBody = own.requestBody;
    }
    const errors = [...refused, ...(own?.errors ?? [])];
    if (errors.length > 0) operation.responses = { ...operation.responses, ...errorResponses(errors, refused.length > 0) };
    delete operation[OWN];
    delete operation[REFUSED];
  }
  return document;
}

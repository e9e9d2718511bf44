import { errorBody, ERRORS, type ErrorCode, type Failure } from "../../core/errors.ts";
import { negotiateLanguage } from "./language.ts";

/** JSON response with the right content type; the only place HTTP statuses come from error codes. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

export function errorResponse(request: Request, code: ErrorCode, retryAfter?: number, headers: Record<string, string> = {}): Response {
  const language = negotiateLanguage(request.headers.get("accept-language"));
  return json(errorBody(code, language), ERRORS[code].status, {
    ...(retryAfter !== undefined && { "retry-after": String(retryAfter) }),
    ...(language === "fr" && { "content-language": "fr" }),
    ...headers,
  });
}

export const failureResponse = (request: Request, failure: Failure, headers: Record<string, string> = {}): Response =>
  errorResponse(request, failure.code, failure.retryAfter, headers);

/** Thrown inside Elysia hooks that cannot return a response (body parsing); turned into `{error, code}` by onError. */
export class HttpFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly retryAfter?: number,
  ) {
    super(code);
  }
}

import { type ErrorCode, type Failure, fail } from "../../core/errors.ts";
import type { Feedback } from "../../core/schemas/feedback.ts";
import { failureBody } from "./catalog/text.ts";
import { STATUS_OF } from "./error-status.ts";
import { acceptedLanguage } from "./language.ts";

/** JSON response with the right content type; the only place HTTP statuses come from error codes. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", ...headers } });
}

/** A feedback as answered for its key: a key merged into another answers with the survivor, and says which one it is. */
export const survivor = (feedback: Feedback): Response =>
  json(feedback, 200, feedback.mergedInto ? { "content-location": `/v1/feedbacks/${encodeURIComponent(feedback.mergedInto)}` } : {});

/** `{error, code}` in the request's language, with the status of the code and, for a refused field, its name (for a refused unmerge or split, why). */
export function failureResponse(request: Request, failure: Failure, headers: Record<string, string> = {}): Response {
  const language = acceptedLanguage(request);
  return json(failureBody(failure, language), STATUS_OF[failure.code], {
    ...(failure.retryAfter !== undefined && { "retry-after": String(failure.retryAfter) }),
    ...(language === "fr" && { "content-language": "fr" }),
    ...headers,
  });
}

export const errorResponse = (request: Request, code: ErrorCode, retryAfter?: number, headers: Record<string, string> = {}): Response =>
  failureResponse(request, fail(code, retryAfter), headers);

/** Thrown inside Elysia hooks that cannot return a response (body parsing); turned into `{error, code}` by onError. */
export class HttpFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly retryAfter?: number,
  ) {
    super(code);
  }
}

/**
 * Runs `answer`; a refusal it throws before a body is read (HttpFailure: the address's budget, the
 * size, JSON that does not parse) is said with `headers` too, as its other answers are.
 */
export async function refusedWith(request: Request, headers: Record<string, string>, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof HttpFailure) return errorResponse(request, error.code, error.retryAfter, headers);
    throw error;
  }
}

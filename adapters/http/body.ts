import { HttpFailure } from "./reply.ts";

const MAX_BODY_BYTES = 256 * 1024;
/** What Slack and the trackers send to /integrations/: a tracker's webhook carries a whole issue, larger than a report. */
const MAX_INTEGRATION_BODY_BYTES = 1024 * 1024;

/** A widget report may carry a 2 MB screenshot and a 5 MB replay, base64-encoded (4/3 larger), beside its text. */
const MAX_WIDGET_BODY_BYTES = 10 * 1024 * 1024;

/** The most a request to this path may send. */
const bodyLimit = (path: string): number =>
  path.startsWith("/integrations/") ? MAX_INTEGRATION_BODY_BYTES : path.startsWith("/v1/widget/") ? MAX_WIDGET_BODY_BYTES : MAX_BODY_BYTES;

/**
 * Holds every request to its path's body limit before any route reads it: a declared length over
 * it is refused unread, and a chunked body is read up to the limit and handed on whole (framed by
 * its length), so no route can read more. Throws `payload_too_large`.
 */
export async function capBody(request: Request, path: string): Promise<Request> {
  if (!request.body) return request;
  const limit = bodyLimit(path);
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (Number(declared) > limit) throw new HttpFailure("payload_too_large");
    return request;
  }
  const body = await readCapped(request, limit);
  const headers = new Headers(request.headers);
  headers.set("content-length", String(body.byteLength));
  return new Request(request, { body, headers });
}

async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new HttpFailure("payload_too_large");
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * Reads a JSON body, whose size `capBody` has already held to the limit as the request came in. A
 * body declared as something other than JSON is unreadable (`invalid_json`, the spec's code for it),
 * not guessed at. No body at all is `none` where one is given (a body of optional fields), else unreadable.
 */
export async function readJsonBody(request: Request, none?: unknown): Promise<unknown> {
  const type = request.headers.get("content-type");
  if (type !== null && !JSON_TYPE.test(type)) throw new HttpFailure("invalid_json");
  const text = await request.text();
  if (none !== undefined && text === "") return none;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpFailure("invalid_json");
  }
}

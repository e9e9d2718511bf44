import { HttpFailure } from "./reply.ts";

export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Reads a JSON body without ever holding more than the limit: a declared Content-Length over it
 * is refused before reading, and a chunked body is cut off as soon as it passes it.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > MAX_BODY_BYTES) throw new HttpFailure("payload_too_large");
  // A body framed by its Content-Length cannot pass what it declared, so it is read whole (Bun
  // refuses a request that declares both a length and chunked encoding).
  return parse(Number.isNaN(declared) ? await readCapped(request) : await request.text());
}

async function readCapped(request: Request): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) throw new HttpFailure("payload_too_large");
      chunks.push(chunk);
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpFailure("invalid_json");
  }
}

import { resolveClientAddress } from "./connection.ts";
import { capBody } from "./body.ts";
import { errorResponse, HttpFailure } from "./reply.ts";

/** What serving needs of a logger (pino's shape). */
interface RequestLog {
  info(fields: Record<string, unknown>, message: string): void;
}

interface ServeOptions {
  readonly port: number;
  readonly hostname?: string;
  readonly trustedProxyHops: number;
  /** The public address (BASE_URL) is https: browsers are told to come back over https only (Strict-Transport-Security). */
  readonly httpsOnly: boolean;
  readonly logger: RequestLog;
}

/**
 * A year, the usual lasting value, for this host alone: includeSubDomains or preload would speak
 * for names the operator may serve otherwise. A browser ignores it on a plain http answer (RFC 6797 §8.1).
 */
const STRICT_TRANSPORT = "max-age=31536000";

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** No limit of Bun's own: every body is held to its route's limit by `admit`, which answers with the JSON 413 (Bun's is empty). */
const BUN_BODY_LIMIT = Number.MAX_SAFE_INTEGER;

/** Refusals made before the app sees the request: no Host to resolve its address, or a body over its limit. */
async function admit(request: Request, url: URL | null): Promise<Request | Response> {
  // HTTP/1.0 may omit Host; its URL is then a bare path, and nothing downstream can place it.
  if (!url) return errorResponse(request, "missing_host");
  try {
    return await capBody(request, url.pathname);
  } catch (error) {
    if (error instanceof HttpFailure) return errorResponse(request, error.code);
    throw error;
  }
}

/**
 * Serves an app on Bun, in production mode (errors never show source): hands each request to
 * `handle` with its client's address, gives each request an id, and logs one line per request (method, path without query,
 * status, duration; never headers or bodies).
 */
export function serve(handle: (request: Request, clientAddress: string) => Promise<Response> | Response, options: ServeOptions) {
  let requestCount = 0;
  return Bun.serve({
    port: options.port,
    ...(options.hostname && { hostname: options.hostname }),
    development: false,
    // Two servers on one port would each take part of the traffic; the second one must fail instead.
    reusePort: false,
    maxRequestBodySize: BUN_BODY_LIMIT,
    async fetch(incoming, server) {
      const started = performance.now();
      const socket = server.requestIP(incoming)?.address ?? "unknown";
      const given = incoming.headers.get("x-request-id");
      const id = given && REQUEST_ID.test(given) ? given : `${process.pid.toString(36)}-${(++requestCount).toString(36)}`;
      const url = URL.parse(incoming.url);
      const request = await admit(incoming, url);
      let response: Response;
      if (request instanceof Response) response = request;
      else {
        response = await handle(request, resolveClientAddress(socket, request.headers.get("x-forwarded-for"), options.trustedProxyHops));
      }
      response.headers.set("x-request-id", id);
      // Every answer has its type: a browser never guesses another (JSON read as HTML), as pages and files already said.
      response.headers.set("x-content-type-options", "nosniff");
      if (options.httpsOnly) response.headers.set("strict-transport-security", STRICT_TRANSPORT);
      const path = url?.pathname ?? incoming.url.split("?")[0];
      options.logger.info(
        { reqId: id, method: incoming.method, path, status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 },
        "request",
      );
      return response;
    },
  });
}

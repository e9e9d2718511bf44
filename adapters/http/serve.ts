import { resolveClientAddress, setClientAddress } from "./connection.ts";
import { MAX_BODY_BYTES } from "./body.ts";

/** What serving needs of a logger (pino's shape). */
export interface RequestLog {
  info(fields: Record<string, unknown>, message: string): void;
}

export interface ServeOptions {
  readonly port: number;
  readonly hostname?: string;
  readonly trustedProxyHops: number;
  readonly logger: RequestLog;
}

const REQUEST_ID = /^[\w.-]{1,128}$/;

/**
 * Serves an app on Bun: records the client address, gives each request an id, and logs one line
 * per request (method, path without query, status, duration; never headers or bodies).
 */
export function serve(handle: (request: Request) => Promise<Response> | Response, options: ServeOptions) {
  let requestCount = 0;
  return Bun.serve({
    port: options.port,
    ...(options.hostname && { hostname: options.hostname }),
    // Above the app's own limit, so the app answers an oversized body with its JSON 413.
    maxRequestBodySize: MAX_BODY_BYTES * 4,
    async fetch(request, server) {
      const started = performance.now();
      const socket = server.requestIP(request)?.address ?? "unknown";
      setClientAddress(request, resolveClientAddress(socket, request.headers.get("x-forwarded-for"), options.trustedProxyHops));
      const incoming = request.headers.get("x-request-id");
      const id = incoming && REQUEST_ID.test(incoming) ? incoming : `${process.pid.toString(36)}-${(++requestCount).toString(36)}`;
      const response = await handle(request);
      response.headers.set("x-request-id", id);
      const url = new URL(request.url);
      options.logger.info(
        { reqId: id, method: request.method, path: url.pathname, status: response.status, ms: Math.round((performance.now() - started) * 10) / 10 },
        "request",
      );
      return response;
    },
  });
}

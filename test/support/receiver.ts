import { waitFor } from "./wait.ts";
import { createHmac, timingSafeEqual } from "node:crypto";

interface Received {
  /** Path and query the delivery was sent to. */
  readonly target: string;
  readonly headers: Record<string, string>;
  readonly raw: string;
  readonly body: any;
  /** Which of the given secrets produced a valid v1 signature. */
  readonly validFor: string[];
}

/**
 * A webhook receiver, written as a customer would, with node:crypto only: it checks
 * `v1 = HMAC-SHA256(secret, "<t>.<raw body>")` in constant time on the raw body.
 */
export class Receiver {
  readonly received: Received[] = [];
  secrets: string[] = [];
  /** Decides the status of each request; 200 by default. */
  answer: (body: any, count: number) => number = () => 200;
  private server: ReturnType<typeof Bun.serve> | null = null;
  port = 0;

  start(port = 0): this {
    this.server = Bun.serve({
      port,
      fetch: async (request) => {
        const raw = await request.text();
        const headers = Object.fromEntries(request.headers);
        const body = JSON.parse(raw);
        const url = new URL(request.url);
        this.received.push({
          target: url.pathname + url.search,
          headers,
          raw,
          body,
          validFor: this.secrets.filter((s) => verify(s, headers["service-signature"] ?? "", raw)),
        });
        return new Response("ok", { status: this.answer(body, this.received.filter((r) => r.body.id === body.id).length) });
      },
    });
    this.port = this.server.port!;
    return this;
  }

  stop(): void {
    this.server?.stop(true);
    this.server = null;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  of(type: string): Received[] {
    return this.received.filter((r) => r.body.type === type);
  }
}

function verify(secret: string, header: string, raw: string): boolean {
  const parts = header.split(",");
  const t = parts.find((p) => p.startsWith("t="))?.slice(2);
  if (!t || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex"));
  return parts
    .filter((p) => p.startsWith("v1="))
    .some((p) => {
      const given = Buffer.from(p.slice(3));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** Waits until `ok(probe())` holds; fails the test when it does not within `ms`. */
export const eventually = <T>(probe: () => T, ok: (value: T) => boolean, ms = 10_000): Promise<T> => waitFor("an expected delivery", probe, ok, ms);

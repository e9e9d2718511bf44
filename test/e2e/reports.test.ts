import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { get, post } from "../support/server.ts";
import { type Served, serveInProcess } from "../support/in-process.ts";
import { rawExchange } from "../support/raw.ts";

let server: Served;
beforeAll(async () => {
  server = await serveInProcess();
});
afterAll(() => server.stop());

const report = (extra: Record<string, unknown> = {}) => ({
  publicKey: server.demo.publicKey,
  kind: "problem",
  message: "The export button is greyed out",
  ...extra,
});
const reportsUrl = () => `${server.url}/v1/reports`;

// The routes' rules are tested in process (test/adapters/http/reports.test.ts): here, one report over
// the wire, and the limits a socket alone can show (Content-Length, chunked bodies, smuggling).
describe("POST /v1/reports over a socket", () => {
  const expectError = (res: { status: number; body: any }, status: number, code: string) => {
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(typeof res.body.error).toBe("string");
  };

  test("records a report as a feedback: 201 with ticketId, merged false and tracking fields", async () => {
    const res = await post(reportsUrl(), report());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, merged: false });
    expect(res.body.ticketId).toMatch(/^DEMO-\d+$/);
    expect(res.body.statusUrl).toBe(`${server.url.replace("127.0.0.1", "localhost")}/s/${res.body.statusId}?t=${res.body.statusToken}`);
    const read = await get(`${server.url}/v1/feedbacks/${res.body.ticketId}`, server.demo.tokens.admin);
    expect(read.body).toMatchObject({ key: res.body.ticketId, status: "triage", kind: "problem", reports: 1 });
  });

  test("413 payload_too_large: body over 256 KB with Content-Length", async () => {
    const body = JSON.stringify(report({ padding: "p".repeat(256 * 1024) }));
    expectError(await post(reportsUrl(), body), 413, "payload_too_large");
  });

  test("the body limit is 256 KB: a body of exactly 262,144 bytes is recorded, one byte more is 413 payload_too_large", async () => {
    const sized = (bytes: number) => {
      const bare = JSON.stringify(report({ message: "A report whose body is padded to the limit", padding: "" }));
      return JSON.stringify(report({ message: "A report whose body is padded to the limit", padding: "p".repeat(bytes - bare.length) }));
    };
    expect(sized(256 * 1024)).toHaveLength(256 * 1024);
    expect((await post(reportsUrl(), sized(256 * 1024))).status).toBe(201);
    expectError(await post(reportsUrl(), sized(256 * 1024 + 1)), 413, "payload_too_large");
  });

  test("413 payload_too_large: chunked body without Content-Length", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode("a".repeat(16 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(new TextEncoder().encode(`{"publicKey":"${server.demo.publicKey}","kind":"problem","message":"m","pad":"`));
        if (sent > 400 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(reportsUrl(), { method: "POST", body: stream, headers: { "content-type": "application/json" } });
    expect(res.headers.get("content-length")).not.toBe(String(400 * 1024));
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).code).toBe("payload_too_large");
  });

  test("a body that declares both a Content-Length and chunked encoding is refused, not read", async () => {
    const chunk = "a".repeat(64 * 1024);
    const chunks = Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join("");
    const head = `POST /v1/reports HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const reply = await rawExchange(new URL(reportsUrl()).port, `${head}${chunks}0\r\n\r\n`);
    expect(reply).toStartWith("HTTP/1.1 400");
  });
});

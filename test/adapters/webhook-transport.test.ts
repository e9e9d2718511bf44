import { afterAll, beforeAll, expect, test } from "bun:test";
import { lookup } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { createWebhookTransport } from "../../adapters/webhooks/transport.ts";

let receiver: ReturnType<typeof Bun.serve>;
let hits = 0;
beforeAll(() => {
  receiver = Bun.serve({
    port: 0,
    fetch: () => {
      hits++;
      return new Response("moved", { status: 302, headers: { location: "http://127.0.0.1:1/elsewhere" } });
    },
  });
});
afterAll(() => receiver.stop(true));

const send = (url: string, allowPrivate = false) =>
  createWebhookTransport({ allowPrivate }).deliver({ url, body: "{}", headers: { "content-type": "application/json" }, timeoutMs: 2_000 });

test("at delivery, a host name that resolves to a loopback address is refused, and nothing is sent", async () => {
  const name = hostname();
  const addresses = (await lookup(name, { all: true })).map((a) => a.address);
  // On these machines the host's own name resolves to 127.0.0.1 through /etc/hosts.
  expect(addresses.some((a) => a.startsWith("127.") || a === "::1" || a.startsWith("10.") || a.startsWith("172.") || a.startsWith("192.168."))).toBe(
    true,
  );
  const before = hits;
  expect(await send(`https://${name}/hook`)).toEqual({ error: "refused address (private_address)" });
  expect(hits).toBe(before);
});

test("at delivery, private literals, IPv4-mapped IPv6 and plain http are refused", async () => {
  for (const url of [
    `https://127.0.0.1:${receiver.port}/`,
    `https://[::ffff:127.0.0.1]:${receiver.port}/`,
    "https://169.254.169.254/latest/meta-data",
    "http://8.8.8.8/",
  ]) {
    expect("error" in (await send(url))).toBe(true);
  }
});

test("redirects are not followed: a 302 is the answer, and the location is never visited", async () => {
  expect(await send(`http://127.0.0.1:${receiver.port}/hook`, true)).toEqual({ status: 302 });
  expect(hits).toBe(1);
});

test("a connection refused, closed without an answer or with a certificate not valid is said in words, with the runtime's code", async () => {
  const closing = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { open: (socket) => void socket.end(), data() {} } });
  const { key, cert } = selfSigned();
  const tls = Bun.serve({ port: 0, tls: { key, cert }, fetch: () => new Response("ok") });
  try {
    expect(await send("http://127.0.0.1:1/hook", true)).toEqual({
      error: "connection refused by 127.0.0.1:1: nothing accepts connections at this address and port",
    });
    expect(await send(`http://127.0.0.1:${closing.port}/hook`, true)).toEqual({
      error: `connection to 127.0.0.1:${closing.port} closed before an answer (ECONNRESET)`,
    });
    expect(await send(`https://127.0.0.1:${tls.port}/hook`, true)).toEqual({
      error: `TLS certificate of 127.0.0.1:${tls.port} refused (DEPTH_ZERO_SELF_SIGNED_CERT): the receiver must serve a valid certificate for this name`,
    });
  } finally {
    closing.stop(true);
    tls.stop(true);
  }
});

/** A certificate no authority signed (made once by openssl, for 100 years, for hooks.example), with its key. */
const selfSigned = () => ({
  key: readFileSync(new URL("../fixtures/self-signed-key.pem", import.meta.url), "utf8"),
  cert: readFileSync(new URL("../fixtures/self-signed-cert.pem", import.meta.url), "utf8"),
});

test("a receiver gets the time it is given to answer: an answer within it is heard, none within it is a failed attempt said in words", async () => {
  const slow = Bun.serve({
    port: 0,
    fetch: async (request) => {
      await Bun.sleep(Number(new URL(request.url).searchParams.get("after")));
      return new Response("ok");
    },
  });
  const deliver = (after: number) =>
    createWebhookTransport({ allowPrivate: true }).deliver({
      url: `http://127.0.0.1:${slow.port}/hook?after=${after}`,
      body: "{}",
      headers: {},
      timeoutMs: 500,
    });
  try {
    expect(await deliver(50)).toEqual({ status: 200 });
    expect(await deliver(1_500)).toEqual({ error: "no answer within 0.5 s" });
  } finally {
    slow.stop(true);
  }
});

test("a host name with several addresses is delivered at the next one when the first refuses the connection", async () => {
  const listening = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("ok") });
  // 127.0.0.2 is this machine too, where nothing listens on the receiver's port.
  const transport = createWebhookTransport({ allowPrivate: true, resolve: async () => ["127.0.0.2", "127.0.0.1"] });
  try {
    const delivered = await transport.deliver({ url: `http://hooks.example:${listening.port}/hook`, body: "{}", headers: {}, timeoutMs: 2_000 });
    expect(delivered).toEqual({ status: 200 });
  } finally {
    listening.stop(true);
  }
});

test("a delivery the first address took and closed without an answer is a failed attempt, not sent again to the next", async () => {
  const listening = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("ok") });
  let requests = 0;
  // At 127.0.0.2, on the receiver's port: the request is read, and the connection closed.
  const closing = Bun.listen({
    hostname: "127.0.0.2",
    port: listening.port!,
    socket: {
      data: (socket) => {
        requests++;
        socket.end();
      },
    },
  });
  const transport = createWebhookTransport({ allowPrivate: true, resolve: async () => ["127.0.0.2", "127.0.0.1"] });
  try {
    const delivered = await transport.deliver({ url: `http://hooks.example:${listening.port}/hook`, body: "{}", headers: {}, timeoutMs: 2_000 });
    expect(delivered).toEqual({ error: `connection to hooks.example:${listening.port} closed before an answer (ECONNRESET)` });
    expect(requests).toBe(1);
  } finally {
    closing.stop(true);
    listening.stop(true);
  }
});

test("when every address of a host name refuses the connection, the failure is said for the host", async () => {
  const transport = createWebhookTransport({ allowPrivate: true, resolve: async () => ["127.0.0.2", "127.0.0.3"] });
  expect(await transport.deliver({ url: "http://hooks.example:1/hook", body: "{}", headers: {}, timeoutMs: 2_000 })).toEqual({
    error: "connection refused by hooks.example:1: nothing accepts connections at this address and port",
  });
});

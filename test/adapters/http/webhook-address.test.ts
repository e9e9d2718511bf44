import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

/** A resolver that answers from a table, as DNS would: one public name, one pointing inside, one with no answer. */
const DNS: Readonly<Record<string, string[]>> = {
  "hooks.public.test": ["93.184.215.14"],
  "inside.public.test": ["93.184.215.14", "10.0.0.8"],
};

let http: InProcess;
beforeAll(async () => {
  http = await inProcess({
    with: {
      webhooks: {
        transport: { resolve: async (host) => DNS[host] ?? [], deliver: async () => ({ status: 204 }) },
        allowPrivate: false,
        retrySchedule: [60_000],
      },
    },
  });
});
afterAll(() => http.close());

const create = (url: string, language = "en") =>
  http.request("POST", "/v1/webhooks", {
    body: { url, events: ["feedback.created"] },
    token: http.demo.tokens.admin,
    headers: { "accept-language": language },
  });

describe("POST /v1/webhooks says which condition of the address failed (code invalid_webhook)", () => {
  test("each refused address is 400 invalid_webhook, and the message names its own condition", async () => {
    const cases = [
      ["http://hooks.public.test/x", "url: not https"],
      ["https://nobody.public.test/x", "url: the host name does not resolve to any address"],
      ["https://10.0.0.8/x", "url: a loopback, private, link-local or otherwise non-public address"],
      ["https://inside.public.test/x", "url: a loopback, private, link-local or otherwise non-public address"],
      ["https://hooks.public.test:22/x", "url: on a port other than 443 and 8443"],
      ["https://user:pass@hooks.public.test/x", "url: carries a user name or a password"],
      ["not an address", "url: not an absolute address"],
    ] as const;
    for (const [url, says] of cases) {
      const res = await create(url);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 400, code: "invalid_webhook" });
      expect(res.body.error).toContain(says);
    }
  });

  test("the condition is said in French to a French client", async () => {
    const res = await create("https://nobody.public.test/x", "fr");
    expect(res.body.error).toContain("url\u202f: le nom d'hôte ne se résout en aucune adresse");
  });

  test("a public https address on an allowed port is created", async () => {
    expect((await create("https://hooks.public.test:8443/x")).status).toBe(201);
  });
});

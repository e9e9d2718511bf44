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
  test("each refused address is 400 invalid_webhook, and the message says first which condition failed and what was given, then the rule", async () => {
    const RULE = "The webhook address must be https, public and on port 443 or 8443";
    const cases = [
      [
        "http://hooks.public.test/x",
        "The address must use https: http://hooks.public.test/x was given (http is allowed in development only, with WEBHOOKS_ALLOW_PRIVATE).",
      ],
      [
        "https://nobody.public.test/x",
        "The host name must resolve to an address: nobody.public.test resolves to none (a machine without network resolves none).",
      ],
      [
        "https://10.0.0.8/x",
        "The address must be public: 10.0.0.8 is a loopback, private, link-local or otherwise non-public address (allowed in development only, with WEBHOOKS_ALLOW_PRIVATE).",
      ],
      [
        "https://inside.public.test/x",
        "The address must be public: inside.public.test resolves to 10.0.0.8, which is a loopback, private, link-local or otherwise non-public address (allowed in development only, with WEBHOOKS_ALLOW_PRIVATE).",
      ],
      ["https://hooks.public.test:22/x", "The address must use port 443 or 8443: port 22 was given."],
      ["https://user:pass@hooks.public.test/x", "The address must not carry a user name or a password."],
      ["not an address", 'The address must be absolute (https://host/path): "not an address" was given.'],
    ] as const;
    for (const [url, says] of cases) {
      const res = await create(url);
      expect({ url, status: res.status, code: res.body.code }).toEqual({ url, status: 400, code: "invalid_webhook" });
      expect(res.body.error).toBe(
        `${says} ${RULE}, and its events among feedback.created, feedback.status_changed, feedback.shipped, feedback.merged, feedback.unmerged, changelog.published, feedback.voted and comment.created.`,
      );
    }
  });

  test("the password an address carries is never repeated in the refusal", async () => {
    expect((await create("https://user:hunter2@hooks.public.test/x")).body.error).not.toContain("hunter2");
  });

  test("the condition is said first in French to a French client, with « aucune »", async () => {
    const res = await create("https://nobody.public.test/x", "fr");
    expect(res.body.error).toStartWith(
      "Le nom d’hôte doit se résoudre en une adresse\u202f: nobody.public.test ne se résout en aucune (une machine sans réseau n’en résout aucune). L’adresse du webhook doit être en https",
    );
    expect((await create("http://hooks.public.test/x", "fr")).body.error).toStartWith(
      "L’adresse doit être en https\u202f: http://hooks.public.test/x a été donnée (http n’est permis qu’en développement, avec WEBHOOKS_ALLOW_PRIVATE).",
    );
  });

  test("a public https address on an allowed port is created", async () => {
    expect((await create("https://hooks.public.test:8443/x")).status).toBe(201);
  });
});

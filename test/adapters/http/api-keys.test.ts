import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const request = (method: string, path: string, token: string | undefined, body?: unknown) =>
  http.request(method, path, { token, ...(body !== undefined && { body }) });
const create = async (name: string, scopes: string[]) => {
  const res = await request("POST", "/v1/api-keys", http.demo.tokens.admin, { name, scopes });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; scopes: string[]; key: string };
};

describe("organization API keys", () => {
  test("an Admin creates a key, shown once; the list gives lastUsedAt and never the key", async () => {
    const made = await create("ci-script", ["feedbacks:read", "feedbacks:write"]);
    expect(made).toMatchObject({ name: "ci-script", scopes: ["feedbacks:read", "feedbacks:write"] });
    expect(made.key).toStartWith("rtr_key_");
    const before = (await request("GET", "/v1/api-keys", http.demo.tokens.admin)).body.data.find((k: any) => k.id === made.id);
    expect(before).toMatchObject({ id: made.id, name: "ci-script", lastUsedAt: null });
    expect(JSON.stringify(before)).not.toContain(made.key);
    expect((await request("GET", "/v1/apps", made.key)).status).toBe(200);
    const after = (await request("GET", "/v1/api-keys", http.demo.tokens.admin)).body.data.find((k: any) => k.id === made.id);
    expect(typeof after.lastUsedAt).toBe("string");
  });

  test("a key acts as the organization, never as a person: its comment is signed « API key <name> », owner=me and following are refused", async () => {
    const made = await create("release-bot", ["feedbacks:read", "feedbacks:write"]);
    const key = (
      await http.request("POST", "/v1/reports", { body: { publicKey: http.demo.publicKey, kind: "problem", message: "API key comment probe" } })
    ).body.ticketId;
    const changed = await request("PATCH", `/v1/feedbacks/${key}`, made.key, { status: "fixed", comment: "Shipped in 2.4" });
    expect(changed.status).toBe(200);
    expect(changed.body.comments.at(-1)).toMatchObject({ author: "API key release-bot", text: "Shipped in 2.4" });
    const me = await request("GET", "/v1/feedbacks?owner=me", made.key);
    expect([me.status, me.body.code]).toEqual([400, "invalid_query"]);
    expect(me.body.error).toContain("an API key or the CLI acts for no one: give a member's e-mail");
    const follow = await request("POST", `/v1/feedbacks/${key}/followers`, made.key);
    expect([follow.status, follow.body.code]).toEqual([403, "forbidden"]);
  });

  test("a key holds only its scopes, and never manages keys, webhooks or agents", async () => {
    const reading = await create("dashboard", ["feedbacks:read"]);
    const patch = await request("PATCH", "/v1/feedbacks/DEMO-1", reading.key, { status: "fixed" });
    expect([patch.status, patch.body.code]).toEqual([403, "insufficient_scope"]);
    const writer = await create("all-it-may", ["feedbacks:read", "feedbacks:write", "reports:write"]);
    // What no key is ever granted is forbidden, with no scope to ask for: an Admin's operations, and managing agents.
    for (const [path, code] of [
      ["/v1/api-keys", "forbidden"],
      ["/v1/webhooks", "forbidden"],
      ["/v1/agents", "forbidden"],
    ] as const) {
      const res = await request("GET", path, writer.key);
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 403, code });
    }
    for (const scopes of [["webhooks:manage"], ["agents:manage"], ["apikeys:manage"], []]) {
      const res = await request("POST", "/v1/api-keys", http.demo.tokens.admin, { name: "too much", scopes });
      expect({ scopes, status: res.status, code: res.body.code }).toEqual({ scopes, status: 400, code: "invalid_body" });
    }
  });

  test("only Admins manage keys: a Member is 403 forbidden; a blank name is 400 invalid_body", async () => {
    for (const [method, path, body] of [
      ["GET", "/v1/api-keys", undefined],
      ["POST", "/v1/api-keys", { name: "x", scopes: ["feedbacks:read"] }],
      ["DELETE", "/v1/api-keys/any", undefined],
    ] as const) {
      const res = await request(method, path, http.demo.tokens.member, body);
      expect({ path, method, status: res.status, code: res.body.code }).toEqual({ path, method, status: 403, code: "forbidden" });
    }
    const blank = await request("POST", "/v1/api-keys", http.demo.tokens.admin, { name: "  ", scopes: ["feedbacks:read"] });
    expect([blank.status, blank.body.code]).toEqual([400, "invalid_body"]);
  });

  test("DELETE cuts the key at once: its next request is 401 invalid_token; an unknown id is 404", async () => {
    const made = await create("to-revoke", ["feedbacks:read"]);
    expect((await request("GET", "/v1/feedbacks", made.key)).status).toBe(200);
    const deleted = await request("DELETE", `/v1/api-keys/${made.id}`, http.demo.tokens.admin);
    expect(deleted.status).toBe(204);
    const refused = await request("GET", "/v1/feedbacks", made.key);
    expect([refused.status, refused.body.code]).toEqual([401, "invalid_token"]);
    expect((await request("GET", "/v1/api-keys", http.demo.tokens.admin)).body.data.map((k: any) => k.id)).not.toContain(made.id);
    const again = await request("DELETE", `/v1/api-keys/${made.id}`, http.demo.tokens.admin);
    expect([again.status, again.body.code]).toEqual([404, "not_found"]);
  });
});

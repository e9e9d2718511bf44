import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

describe("cli api-key", () => {
  test("create prints the key once; list shows it without the key; revoke cuts it", async () => {
    const created = JSON.parse(await http.cli("api-key", "create", "DEMO", "ci-script", "--scopes", "feedbacks:read,reports:write", "--json"));
    expect(created).toMatchObject({ name: "ci-script", scopes: ["feedbacks:read", "reports:write"] });
    expect((await http.request("GET", "/v1/feedbacks", { token: created.key })).status).toBe(200);
    const listed = await http.cli("api-key", "list", "DEMO");
    expect(listed).toContain(`${created.id}  ci-script  feedbacks:read reports:write`);
    expect(listed).not.toContain(created.key);
    expect(await http.cli("api-key", "revoke", "DEMO", created.id)).toBe(`API key ${created.id} revoked\n`);
    expect((await http.request("GET", "/v1/feedbacks", { token: created.key })).status).toBe(401);
    await expect(http.cli("api-key", "create", "DEMO", "x", "--scopes", "webhooks:manage")).rejects.toThrow("--scopes");
  });

  test("list says so when the organization has no API key", async () => {
    await http.cli("org", "create", "Keyless", "--prefix", "KEYLESS");
    expect(await http.cli("api-key", "list", "KEYLESS")).toBe("no API keys in KEYLESS (api-key create adds one)\n");
  });
});

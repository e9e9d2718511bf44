import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inProcess, type InProcess } from "../../support/in-process.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const register = (client_name: string) =>
  http.request("POST", "/oauth/register", { body: { client_name, redirect_uris: ["http://localhost:8080/cb"] } });

describe("POST /oauth/register: a client name that would spoof the consent screen", () => {
  test("a name with bidirectional controls (U+202E and its kin) is refused: 400 invalid_client_metadata", async () => {
    for (const name of ["Claude\u202Eedoc", "Safe\u2066 Agent\u2069", "Left\u200Fmark", "Arabic\u061Cmark"]) {
      const res = await register(name);
      expect({ name, status: res.status, error: res.body.error }).toEqual({ name, status: 400, error: "invalid_client_metadata" });
      expect(res.body.error_description).toContain("client_name");
    }
  });

  test("a name with a control character is refused too", async () => {
    expect((await register("Agent\u0000\u001b[31m")).body.error).toBe("invalid_client_metadata");
  });

  test("a name in any script, without controls, is registered as given", async () => {
    const res = await register("Агент Ретур 日本 عربي");
    expect([res.status, res.body.client_name]).toEqual([201, "Агент Ретур 日本 عربي"]);
  });
});

describe("POST /oauth/register: metadata too large to keep", () => {
  test("a redirect URI longer than 2000 characters is refused: 400 invalid_client_metadata, nothing registered", async () => {
    const res = await http.request("POST", "/oauth/register", { body: { redirect_uris: [`https://agent.example/${"a".repeat(2000)}`] } });
    expect([res.status, res.body]).toEqual([
      400,
      {
        error: "invalid_client_metadata",
        error_description: "redirect_uris (a non-empty array of at most 10 addresses, each of at most 2000 characters) is required",
      },
    ]);
  });

  test("a redirect URI of 2000 characters is registered", async () => {
    const uri = `https://agent.example/${"a".repeat(2000 - "https://agent.example/".length)}`;
    const res = await http.request("POST", "/oauth/register", { body: { redirect_uris: [uri] } });
    expect([res.status, res.body.redirect_uris]).toEqual([201, [uri]]);
  });
});

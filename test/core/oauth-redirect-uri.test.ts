import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { isRegisteredRedirect } from "../../core/oauth/redirect-uri.ts";

const registered = [
  "http://127.0.0.1:33418/callback",
  "http://localhost/cb",
  "https://agent.example/cb",
  "cursor://anysphere.cursor-mcp/oauth/callback",
];

describe("a redirect URI an authorization request names", () => {
  test("is a registered one when it is the same address", () => {
    for (const uri of registered) assert.equal(isRegisteredRedirect(registered, uri), true);
  });

  test("on the machine itself over http, may name another port than the one registered (RFC 8252 §7.3)", () => {
    assert.equal(isRegisteredRedirect(registered, "http://127.0.0.1:51234/callback"), true);
    assert.equal(isRegisteredRedirect(registered, "http://127.0.0.1/callback"), true);
    assert.equal(isRegisteredRedirect(registered, "http://localhost:8080/cb"), true);
  });

  test("on the machine itself, is still refused with another path, query, host or scheme", () => {
    for (const uri of [
      "http://127.0.0.1:51234/other",
      "http://127.0.0.1:51234/callback?next=x",
      "http://localhost:33418/callback",
      "http://[::1]:33418/callback",
      "https://127.0.0.1:33418/callback",
    ]) {
      assert.equal(isRegisteredRedirect(registered, uri), false, uri);
    }
  });

  test("elsewhere, is refused with another port", () => {
    assert.equal(isRegisteredRedirect(registered, "https://agent.example:8443/cb"), false);
    assert.equal(isRegisteredRedirect(["http://agent.example:80/cb"], "http://agent.example:81/cb"), false);
    assert.equal(isRegisteredRedirect(registered, "not an address"), false);
  });
});

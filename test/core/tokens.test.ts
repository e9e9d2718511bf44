import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { issueToken, TOKEN_PREFIX } from "../../core/tokens/issue-token.ts";
import { listTokens } from "../../core/tokens/list-tokens.ts";
import { revokeToken } from "../../core/tokens/revoke-token.ts";
import { fakeOrganization, NOW } from "./fake-organization.ts";

const DAY = 86_400_000;

describe("issueToken", () => {
  test("a person's own token: every scope of their role, 90 days, shown once and stored as its digest", async () => {
    const org = fakeOrganization();
    const ann = org.person("ann@acme.test", "member");
    const issued = await issueToken(org.deps, ann, { label: " CI " });
    assert.equal(issued.ok, true);
    if (!issued.ok) return;
    assert.ok(issued.value.token.startsWith(TOKEN_PREFIX));
    assert.deepEqual(issued.value.scopes, ["feedbacks:read", "reports:write", "feedbacks:write", "agents:manage"]);
    const [stored] = org.tokens;
    assert.equal(stored?.tokenHash, `sha256(${issued.value.token})`);
    assert.equal(stored?.label, "CI");
    assert.equal(stored?.expiresAt, NOW + 90 * DAY);
  });

  test("0 days never expires", async () => {
    const org = fakeOrganization();
    await issueToken(org.deps, org.person("ann@acme.test", "admin"), { label: "forever", days: 0 });
    assert.equal(org.tokens[0]?.expiresAt, null);
  });

  test("a label is 1 to 100 characters, counted as characters: invalid_body naming label", async () => {
    const org = fakeOrganization();
    const ann = org.person("ann@acme.test", "member");
    for (const label of ["  ", "é".repeat(101)]) {
      const refused = await issueToken(org.deps, ann, { label });
      assert.equal(refused.ok ? "ok" : `${refused.code}:${refused.problem?.field}`, "invalid_body:label");
    }
    assert.equal((await issueToken(org.deps, ann, { label: "😀".repeat(100) })).ok, true);
  });

  test("another member's token only for those who manage the organization", async () => {
    const org = fakeOrganization();
    const ann = org.person("ann@acme.test", "member");
    org.person("bob@acme.test", "reader");
    const refused = await issueToken(org.deps, ann, { email: "bob@acme.test", label: "x" });
    assert.deepEqual(refused, { ok: false, code: "forbidden" });
    const admin = org.person("root@acme.test", "admin");
    const issued = await issueToken(org.deps, admin, { email: "BOB@acme.test", label: "x" });
    assert.deepEqual(issued.ok && issued.value.scopes, ["feedbacks:read", "agents:manage"]);
  });

  test("a scope beyond the holder's role is refused: invalid_body naming scopes, nothing stored", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    org.person("bob@acme.test", "reader");
    const refused = await issueToken(org.deps, admin, { email: "bob@acme.test", label: "x", scopes: ["feedbacks:read", "feedbacks:write"] });
    assert.equal(refused.ok ? "ok" : `${refused.code}:${refused.problem?.field}`, "invalid_body:scopes");
    assert.equal(org.tokens.length, 0);
    const within = await issueToken(org.deps, admin, { email: "bob@acme.test", label: "x", scopes: ["feedbacks:read"] });
    assert.deepEqual(within.ok && within.value.scopes, ["feedbacks:read"]);
  });

  test("someone who is not a member gets no token: not_found", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    assert.deepEqual(await issueToken(org.deps, admin, { email: "nobody@acme.test", label: "x" }), { ok: false, code: "not_found" });
  });
});

describe("listTokens and revokeToken", () => {
  test("a person sees and revokes their own live tokens, not another's", async () => {
    const org = fakeOrganization();
    const ann = org.person("ann@acme.test", "member");
    const bob = org.person("bob@acme.test", "member");
    await issueToken(org.deps, ann, { label: "ann's" });
    await issueToken(org.deps, bob, { label: "bob's" });
    const own = await listTokens(org.deps, ann, "own");
    assert.deepEqual(own.ok && own.value.map((t) => [t.label, t.holder]), [["ann's", "ann@acme.test"]]);
    const bobs = org.tokens.find((t) => t.label === "bob's")!;
    assert.deepEqual(await revokeToken(org.deps, ann, bobs.id), { ok: false, code: "not_found" });
    assert.equal(bobs.revoked, false);
    assert.deepEqual(await revokeToken(org.deps, bob, bobs.id), { ok: true, value: undefined });
    assert.equal(bobs.revoked, true);
  });

  test("an Admin lists the whole organization's tokens, revoked ones included, and revokes anyone's", async () => {
    const org = fakeOrganization();
    const ann = org.person("ann@acme.test", "member");
    const admin = org.person("root@acme.test", "admin");
    await issueToken(org.deps, ann, { label: "ann's" });
    assert.deepEqual(await listTokens(org.deps, ann, "organization"), { ok: false, code: "forbidden" });
    assert.equal((await revokeToken(org.deps, admin, org.tokens[0]!.id)).ok, true);
    const all = await listTokens(org.deps, admin, "organization");
    assert.deepEqual(all.ok && all.value.map((t) => [t.label, t.revoked]), [["ann's", true]]);
  });
});

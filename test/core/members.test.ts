import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { roleAllows } from "../../core/authorization.ts";
import { listMembers } from "../../core/members/list-members.ts";
import { removeMember } from "../../core/members/remove-member.ts";
import { setMemberRole } from "../../core/members/set-member-role.ts";
import { fakeOrganization } from "./fake-organization.ts";

describe("members", () => {
  test("an Admin changes a member's role, the member named by their id", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    org.person("ann@acme.test", "reader");
    assert.deepEqual(await setMemberRole(org.deps, admin, "user-ann", "member"), {
      ok: true,
      value: { userId: "user-ann", email: "ann@acme.test" },
    });
    assert.equal(org.members.get("user-ann"), "member");
  });

  test("an unknown id is not_found; a Member may not change roles: forbidden", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    const ann = org.person("ann@acme.test", "member");
    assert.deepEqual(await setMemberRole(org.deps, admin, "user-nobody", "member"), { ok: false, code: "not_found" });
    assert.deepEqual(await setMemberRole(org.deps, ann, "user-root", "reader"), { ok: false, code: "forbidden" });
    assert.deepEqual(await removeMember(org.deps, ann, "user-root"), { ok: false, code: "forbidden" });
  });

  test("someone with an account who is not a member is not_found: they join by an invitation they accept", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    org.stranger("eve@elsewhere.test");
    assert.deepEqual(await setMemberRole(org.deps, admin, "user-eve", "admin"), { ok: false, code: "not_found" });
    assert.equal(org.members.has("user-eve"), false);
  });

  test("the last Admin can neither step down nor be removed: last_admin", async () => {
    const org = fakeOrganization();
    const admin = org.person("root@acme.test", "admin");
    assert.deepEqual(await setMemberRole(org.deps, admin, "user-root", "member"), { ok: false, code: "last_admin" });
    assert.deepEqual(await removeMember(org.deps, admin, "user-root"), { ok: false, code: "last_admin" });
    org.person("eve@acme.test", "admin");
    assert.deepEqual(await removeMember(org.deps, admin, "user-root"), { ok: true, value: undefined });
  });

  test("two Admins stepping down at once: the store refuses the second, last_admin, and the organization keeps an Admin", async () => {
    const org = fakeOrganization();
    const ann = org.person("ann@acme.test", "admin");
    const bob = org.person("bob@acme.test", "admin");
    const results = await Promise.all([setMemberRole(org.deps, ann, "user-ann", "member"), removeMember(org.deps, bob, "user-bob")]);
    assert.deepEqual(results.map((r) => r.ok || r.code).toSorted(), ["last_admin", true]);
    assert.deepEqual([...org.members.values()].filter((role) => roleAllows(role, "organization.manage")).length, 1);
  });

  test("every member may read the list of members", async () => {
    const org = fakeOrganization();
    org.person("root@acme.test", "admin");
    const reader = org.person("ann@acme.test", "reader");
    const listed = await listMembers(org.deps, reader);
    assert.deepEqual(listed.ok && listed.value.map((m) => m.email), ["root@acme.test", "ann@acme.test"]);
  });
});

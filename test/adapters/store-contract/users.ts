import { describe, expect, test } from "bun:test";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { roleAllows } from "../../../core/authorization.ts";
import { takesLastAdmin } from "../../../core/members/last-admin.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = UserStore & Pick<OrganizationStore, "createOrganization">;

/** An organization with two Admins (u-ann, u-bob) and a Member. */
async function twoAdmins(store: Subject) {
  await store.createOrganization({ id: "org-two", name: "Two", keyPrefix: "TWO", plan: "free", quotaOverride: null });
  for (const [id, role] of [
    ["u-ann", "admin"],
    ["u-bob", "admin"],
    ["u-cat", "member"],
  ] as const) {
    await store.createUser({ id, email: `${id.slice(2)}@x.io` });
    await store.setMembership("org-two", id, role);
  }
}

/** The organization's Admins, by id. */
const adminsOf = async (store: Subject) =>
  (await store.listMembers("org-two")).filter((m) => roleAllows(m.role, "organization.manage")).map((m) => m.userId);

/**
 * Two Admins each take the other's (or their own) Admin role away at the same moment, each write
 * guarded by the last Admin rule: exactly one happens, and the organization keeps an Admin.
 */
export function guardedMembershipRaces(makeStores: () => Promise<readonly [Subject, Subject]>) {
  const demote = (store: Subject, userId: string) => store.setMembership("org-two", userId, "member", takesLastAdmin(userId));
  const remove = (store: Subject, userId: string) => store.removeMembership("org-two", userId, 10, takesLastAdmin(userId));

  /**
   * An organization of two Admins, and two writes at once, one through each store: whether each
   * happened (false first), and the first store, to read the outcome from.
   */
  const race = async (writes: (one: Subject, other: Subject) => readonly [Promise<boolean>, Promise<boolean>]) => {
    const [one, other] = await makeStores();
    await twoAdmins(one);
    return { wrote: (await Promise.all(writes(one, other))).toSorted(), store: one };
  };

  test("two Admins demoted at once: one of the writes happens, the organization keeps an Admin", async () => {
    const { wrote, store } = await race((one, other) => [demote(one, "u-ann"), demote(other, "u-bob")]);
    expect(wrote).toEqual([false, true]);
    expect(await adminsOf(store)).toHaveLength(1);
  });

  test("two Admins removed at once: one of the removals happens, the organization keeps an Admin", async () => {
    const { wrote, store } = await race((one, other) => [remove(one, "u-ann"), remove(other, "u-bob")]);
    expect(wrote).toEqual([false, true]);
    expect(await adminsOf(store)).toHaveLength(1);
    expect(await store.listMembers("org-two")).toHaveLength(2);
  });

  test("an Admin demoted as the other is removed: one of the writes happens, the organization keeps an Admin", async () => {
    const { wrote, store } = await race((one, other) => [demote(one, "u-ann"), remove(other, "u-bob")]);
    expect(wrote).toEqual([false, true]);
    expect(await adminsOf(store)).toHaveLength(1);
  });
}

/** People and the organizations they belong to. */
export function usersContract(makeStore: () => Promise<Subject>) {
  describe("users", () => {
    test("findUser reads a person by id, with the name when there is one", async () => {
      const store = await makeStore();
      await store.createUser({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      await store.createUser({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("u-named")).toEqual({ id: "u-named", email: "named@x.io", name: "Ada Lovelace" });
      expect(await store.findUser("u-plain")).toEqual({ id: "u-plain", email: "plain@x.io" });
      expect(await store.findUser("nobody")).toBeNull();
    });

    test("findUserByEmail reads a person by their address as stored, in lower case; an address nobody has is null", async () => {
      const store = await makeStore();
      await store.createUser({ id: "u-mail", email: "grace@x.io", name: "Grace Hopper" });
      expect(await store.findUserByEmail("grace@x.io")).toEqual({ id: "u-mail", email: "grace@x.io", name: "Grace Hopper" });
      expect(await store.findUserByEmail("nobody@x.io")).toBeNull();
    });

    test("setMembership adds a member or changes their role; listMembers gives an organization's by address; removeMembership says whether there was one", async () => {
      const store = await makeStore();
      for (const id of ["org-a", "org-b"])
        await store.createOrganization({ id, name: id, keyPrefix: id.toUpperCase().replace("-", ""), plan: "free", quotaOverride: null });
      await store.createUser({ id: "u-zed", email: "zed@x.io" });
      await store.createUser({ id: "u-amy", email: "amy@x.io" });
      await store.setMembership("org-a", "u-zed", "reader");
      await store.setMembership("org-a", "u-amy", "member");
      await store.setMembership("org-a", "u-zed", "admin");
      await store.setMembership("org-b", "u-amy", "reader");
      expect(await store.listMembers("org-a")).toEqual([
        { userId: "u-amy", email: "amy@x.io", role: "member" },
        { userId: "u-zed", email: "zed@x.io", role: "admin" },
      ]);
      expect(await store.removeMembership("org-a", "u-amy", 10)).toBe(true);
      expect(await store.removeMembership("org-a", "u-amy", 11)).toBe(false);
      expect((await store.listMembers("org-a")).map((m) => m.userId)).toEqual(["u-zed"]);
      expect(await store.listMembers("org-b")).toEqual([{ userId: "u-amy", email: "amy@x.io", role: "reader" }]);
    });

    test("a guarded write reads the members as they are when it writes: refused, it changes nothing and says so", async () => {
      const store = await makeStore();
      await twoAdmins(store);
      expect(await store.setMembership("org-two", "u-cat", "reader", () => true)).toBe(false);
      expect(await store.removeMembership("org-two", "u-cat", 10, () => true)).toBe(false);
      let seen: unknown;
      const guard = (members: ReadonlyArray<{ userId: string; role: string }>) => {
        seen = members.toSorted((a, b) => (a.userId < b.userId ? -1 : 1));
        return false;
      };
      expect(await store.setMembership("org-two", "u-cat", "reader", guard)).toBe(true);
      expect(seen).toEqual([
        { userId: "u-ann", role: "admin" },
        { userId: "u-bob", role: "admin" },
        { userId: "u-cat", role: "member" },
      ]);
      expect((await store.listMembers("org-two")).find((m) => m.userId === "u-cat")?.role).toBe("reader");
    });

    describe("the last Admin, under concurrent writes", () => {
      guardedMembershipRaces(async () => {
        const store = await makeStore();
        return [store, store] as const;
      });
    });
  });
}

import { describe, expect, test } from "bun:test";
import type { AccountStore } from "../../../core/store/accounts.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = AccountStore &
  Pick<AppSetupStore, "createApp"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<UserStore, "createUser" | "listMembers" | "removeMembership" | "setMembership">;

/** The ids of a person's organizations as listMemberships lists them, the person a member of each of these (id, name). */
async function listedOrganizations(store: Subject, organizations: ReadonlyArray<readonly [id: string, name: string]>): Promise<string[]> {
  const userId = "user-listed";
  await store.createUser({ id: userId, email: "listed@x.io" });
  for (const [id, name] of organizations) {
    await store.createOrganization({ id, name, keyPrefix: id.toUpperCase().replace("-", ""), plan: "free", quotaOverride: null });
    await store.setMembership(id, userId, "member");
  }
  return (await store.listMemberships(userId)).map((m) => m.orgId);
}

/** A person's sign-in: password, sessions, and the organizations they may open. */
export function accountsContract(makeStore: () => Promise<Subject>) {
  const { freeOrg, person } = contractKit();

  describe("accounts", () => {
    test("users, passwords, sessions and memberships", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId, email } = await person(store, orgId, "admin");
      await store.setPassword(userId, "hash");
      expect(await store.findCredentials(email)).toEqual({ userId, passwordHash: "hash" });
      await store.createSession("s1", userId, 0, 100);
      expect(await store.findSession("s1", 50)).toEqual({ userId, email });
      expect(await store.findSession("s1", 100)).toBeNull();
      await store.deleteSession("s1");
      expect(await store.findSession("s1", 50)).toBeNull();
      expect(await store.listMemberships(userId)).toEqual([{ orgId, orgName: expect.any(String), role: "admin" }]);
      expect(await store.listMembers(orgId)).toEqual([{ userId, email, role: "admin" }]);
      expect(await store.removeMembership(orgId, userId, 10)).toBe(true);
      expect(await store.listMemberships(userId)).toEqual([]);
    });

    test("a person's organizations are listed by name code point by code point (capitals first), those of one name by id", async () => {
      const listed = await listedOrganizations(await makeStore(), [
        ["m-b", "Alpha"],
        ["m-c", "beta"],
        ["m-d", "Gamma"],
        ["m-a", "Alpha"],
      ]);
      expect(listed).toEqual(["m-a", "m-b", "m-d", "m-c"]);
    });

    test("a person's organizations named with a character beyond U+FFFF (an emoji) are listed by code point, as both stores compare names, not by UTF-16 code unit", async () => {
      // U+1F680 is written with code units D83D DE80, below U+FF21's FF21; its code point is above.
      const listed = await listedOrganizations(await makeStore(), [
        ["o-rocket", "\u{1F680} Rocket"],
        ["o-wide", "\uFF21 Wide"],
      ]);
      expect(listed).toEqual(["o-wide", "o-rocket"]);
    });

    test("a person's sessions end together, and no one else's", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const ann = await person(store, orgId);
      const bob = await person(store, orgId);
      await store.createSession("ann-laptop", ann.userId, 0, 100);
      await store.createSession("ann-phone", ann.userId, 0, 100);
      await store.createSession("bob-laptop", bob.userId, 0, 100);
      await store.deleteUserSessions(ann.userId);
      expect(await store.findSession("ann-laptop", 50)).toBeNull();
      expect(await store.findSession("ann-phone", 50)).toBeNull();
      expect(await store.findSession("bob-laptop", 50)).toEqual({ userId: bob.userId, email: bob.email });
    });
  });
}

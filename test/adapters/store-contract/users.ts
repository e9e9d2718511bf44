import { describe, expect, test } from "bun:test";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = UserStore & Pick<OrganizationStore, "createOrganization">;

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
  });
}

import { describe, expect, test } from "bun:test";
import type { SavedViewStore } from "../../../core/store/saved-views.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = SavedViewStore &
  Pick<AppSetupStore, "createApp"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<UserStore, "createUser" | "setMembership">;

/** Each person's saved views of the inbox, per organization. */
export function savedViewsContract(makeStore: () => Promise<Subject>) {
  const { freeOrg, person, id } = contractKit();

  describe("saved views", () => {
    test("saved views are each person's own, per organization, oldest first, deleted only by their person", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const ann = await person(store, orgId);
      const bob = await person(store, orgId);
      const view = (userId: string, name: string, at: number) => ({ id: id("view"), orgId, userId, name, query: "status=closed", createdAt: at });
      const later = view(ann.userId, "Closed ideas", 20);
      const sooner = view(ann.userId, "P0", 10);
      const bobs = view(bob.userId, "Mine", 5);
      for (const v of [later, sooner, bobs]) await store.saveView(v);
      expect(await store.listViews(orgId, ann.userId)).toEqual([sooner, later]);
      expect(await store.listViews("other-org", ann.userId)).toEqual([]);
      expect(await store.deleteView(orgId, ann.userId, bobs.id)).toBe(false);
      expect(await store.deleteView(orgId, ann.userId, sooner.id)).toBe(true);
      expect(await store.listViews(orgId, ann.userId)).toEqual([later]);
      expect(await store.listViews(orgId, bob.userId)).toEqual([bobs]);
    });
  });
}

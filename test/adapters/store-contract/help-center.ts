import { describe, expect, test } from "bun:test";
import type { HelpCenterStore } from "../../../core/store/help-center.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = HelpCenterStore & Pick<AppSetupStore, "createApp"> & Pick<OrganizationStore, "createOrganization">;

/** An app's help articles, offered before a report is sent. */
export function helpCenterContract(makeStore: () => Promise<Subject>) {
  const { freeOrg } = contractKit();

  describe("help center", () => {
    test("help articles are replaced as a whole and listed by title", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      await store.replaceHelpArticles(orgId, appId, [{ id: "h1", title: "Zeta", url: "https://h/z", body: "z" }]);
      await store.replaceHelpArticles(orgId, appId, [
        { id: "h2", title: "Beta", url: "https://h/b", body: "b" },
        { id: "h3", title: "Alpha", url: "https://h/a", body: "a" },
      ]);
      expect((await store.listHelpArticles(orgId, appId)).map((a) => a.title)).toEqual(["Alpha", "Beta"]);
    });

    test("help articles of the same title are listed by id, whatever order they were given in", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      const article = (id: string) => ({ id, title: "Billing", url: `https://h/${id}`, body: id });
      await store.replaceHelpArticles(orgId, appId, [article("h-b"), article("h-c"), article("h-a")]);
      expect((await store.listHelpArticles(orgId, appId)).map((a) => a.id)).toEqual(["h-a", "h-b", "h-c"]);
    });
  });
}

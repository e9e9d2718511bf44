import { describe, expect, test } from "bun:test";
import type { Store } from "../../../core/services.ts";
import { contractKit } from "./kit.ts";

/** An app's help articles, offered before a report is sent. */
export function helpCenterContract(makeStore: () => Promise<Store>) {
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
  });
}

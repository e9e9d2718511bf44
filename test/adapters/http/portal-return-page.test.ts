import { describe, expect, test } from "bun:test";
import { pageToReturnTo } from "../../../adapters/http/portal/links.ts";
import { returnsWithin } from "../../support/returns-within.ts";

describe("the page a portal's sign-in comes back to", () => {
  test("a page of the same portal, with or without the language the reader chose", () => {
    for (const page of ["/p/demo", "/p/demo/DEMO-1", "/p/demo/DEMO-1?to=vote", "/p/demo/DEMO-1?to=comment", "/p/demo?appId=app-1"]) {
      expect(pageToReturnTo("demo", page)).toBe(page);
      const chosen = `${page}${page.includes("?") ? "&" : "?"}lang=fr`;
      expect(pageToReturnTo("demo", chosen)).toBe(chosen);
    }
  });

  test("anything else is the portal's home: another site, another portal, a language out of place", () => {
    for (const asked of [
      "https://evil.example/p/demo",
      "/p/other/DEMO-1",
      "/p/demo/DEMO-1&lang=fr",
      "/p/demo/DEMO-1?to=vote?lang=fr",
      "/p/demo/DEMO-1?lang=fr&to=vote",
      "/p/demo/DEMO-1?lang=de",
      "/p/demo/DEMO-1?to=elsewhere",
    ])
      expect(pageToReturnTo("demo", asked)).toBe("/p/demo");
  });

  test("is read in one pass, however long the page anyone asks for", async () => {
    for (const tail of [`?${"&lang=f".repeat(50_000)}`, `x${"&lang=f".repeat(50_000)}`, `?${"&".repeat(300_000)}lang=fr`]) {
      const read = await returnsWithin(new URL("../../../adapters/http/portal/links.ts", import.meta.url), "pageToReturnTo", [
        "demo",
        `/p/demo${tail}`,
      ]);
      expect(read).toBe("/p/demo");
    }
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { importFeatures } from "../../../core/apps/import-features.ts";
import { operatorGrant } from "../../../core/authorization.ts";
import { updateFeedback } from "../../../core/triage/update-feedback.ts";
import { type InProcess, inProcess, signedInAs } from "../../support/in-process.ts";
import { rowKeys } from "../../support/inbox-page.ts";

let http: InProcess;
beforeAll(async () => {
  http = await inProcess();
});
afterAll(() => http.close());

const report = async (message: string, publicKey = http.demo.publicKey): Promise<string> =>
  (await http.request("POST", "/v1/reports", { body: { publicKey, kind: "problem", message } })).body.ticketId;
const page = async (address: string) => (await signedInAs(http, "member")).fetch(address);

/** What the Feature filter offers, option by option, each under its group's label when it has one ("Mobile › Login"). */
function offered(html: string): string[] | undefined {
  const select = /<select id="feature" name="featureId">([\s\S]*?)<\/select>/.exec(html)?.[1];
  if (select === undefined) return undefined;
  return [...select.matchAll(/<optgroup label="([^"]*)">([\s\S]*?)<\/optgroup>|<option value="[^"]*"( selected)?>([^<]*)<\/option>/g)].flatMap(
    ([, group, options, selected, label]) =>
      group === undefined
        ? [`${label}${selected ? " (selected)" : ""}`]
        : [...options!.matchAll(/<option value="[^"]*"( selected)?>([^<]*)<\/option>/g)].map(
            ([, picked, l]) => `${group} › ${l}${picked ? " (selected)" : ""}`,
          ),
  );
}
/** The keys of the page's rows. */

describe("the inbox's Feature filter", () => {
  test("with one app and none chosen, the filters offer its features by name, without choosing the app first", async () => {
    expect(offered(await (await page("/inbox")).text())).toEqual(["Any", "Account settings", "Checkout", "Payment", "Search"]);
  });

  test("a feature chosen alone filters the list by it, as featureId does in the API, and stays chosen", async () => {
    const featured = await report("Feature filter: the coupon field takes no code");
    const other = await report("Feature filter: the avatar upload spins forever");
    expect((await updateFeedback(http.services, operatorGrant(http.demo.orgId), featured, { featureId: http.demo.featureId })).ok).toBe(true);
    const html = await (await page(`/inbox?featureId=${http.demo.featureId}`)).text();
    expect(rowKeys(html)).toContain(featured);
    expect(rowKeys(html)).not.toContain(other);
    expect(offered(html)).toContain("Checkout (selected)");
  });

  test("a feature id that is none of the app's (typed into the address) stays offered and chosen, so the filter shown is the one applied", async () => {
    expect(offered(await (await page("/inbox?featureId=feat-gone")).text())).toEqual([
      "Any",
      "Account settings",
      "Checkout",
      "Payment",
      "Search",
      "feat-gone (selected)",
    ]);
  });

  test("with several apps and none chosen, each app's features are offered under its name; an app without a feature map offers none", async () => {
    const made = await http.cli("app", "create", "DEMO", "Mobile");
    const mobile = /app (\S+)/.exec(made)![1]!;
    await http.cli("app", "create", "DEMO", "Back office");
    const map = [
      { id: "mobile-login", name: "Login", path: "login" },
      { id: "mobile-settings", name: "Settings", path: "account/settings" },
      { id: "mobile-settings-2", name: "settings", path: "app/settings" },
    ];
    expect((await importFeatures(http.services, operatorGrant(http.demo.orgId), mobile, map)).ok).toBe(true);
    expect(offered(await (await page("/inbox")).text())).toEqual([
      "Any",
      "Demo app › Account settings",
      "Demo app › Checkout",
      "Demo app › Payment",
      "Demo app › Search",
      "Mobile › Login",
      // Two of one name (whatever its case) say their path.
      "Mobile › Settings (account/settings)",
      "Mobile › settings (app/settings)",
    ]);
    // An app chosen: its features alone, without its name.
    expect(offered(await (await page(`/inbox?appId=${mobile}`)).text())).toEqual([
      "Any",
      "Login",
      "Settings (account/settings)",
      "settings (app/settings)",
    ]);
  });

  test("a feature of another app than the one chosen (left selected when the app was changed) is dropped from the address, not left to empty the list", async () => {
    const apps = (await http.request("GET", "/v1/apps", { token: http.demo.tokens.admin })).body.data as Array<{ id: string; name: string }>;
    const mobile = apps.find((a) => a.name === "Mobile")!.id;
    const key = await report(
      "Feature filter: the login button is hidden",
      (await http.cli("channel", "create", "DEMO", mobile, "--kind", "api")).trim(),
    );
    const moved = await page(`/inbox?appId=${mobile}&featureId=${http.demo.featureId}&kind=problem`);
    expect([moved.status, moved.headers.get("location")]).toEqual([303, `/inbox?appId=${mobile}&kind=problem`]);
    expect(rowKeys(await (await page(`/inbox?appId=${mobile}&kind=problem`)).text())).toContain(key);
    // The app's own feature stays.
    expect((await page(`/inbox?appId=${mobile}&featureId=mobile-login`)).status).toBe(200);
  });

  test("with an app and a feature in the address, the page reads the app's features once, both to check the feature and to offer the filter", async () => {
    const browser = await signedInAs(http, "member");
    const { store } = http.services;
    const listFeatures = store.listFeatures;
    const asked: string[] = [];
    store.listFeatures = (orgId, appId) => {
      asked.push(appId);
      return listFeatures(orgId, appId);
    };
    try {
      const html = await (await browser.fetch(`/inbox?appId=${http.demo.appId}&featureId=${http.demo.featureId}`)).text();
      expect(offered(html)).toContain("Checkout (selected)");
    } finally {
      store.listFeatures = listFeatures;
    }
    expect(asked).toEqual([http.demo.appId]);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { FormBrowser, signIn } from "../../support/browser.ts";
import { inProcess, type InProcess } from "../../support/in-process.ts";
import { formatTime } from "../../../adapters/http/web/words.ts";

let server: InProcess;
beforeAll(async () => {
  server = await inProcess();
  // Linear is never reached here (a closed local port): the token is saved unchecked, and the page only reads and writes the app's settings.
  await server.cli(
    "tracker",
    "set",
    "DEMO",
    server.demo.appId,
    "linear",
    "--team",
    "ENG",
    "--token",
    "lin_api_x",
    "--api-url",
    "http://127.0.0.1:9/graphql",
  );
});
afterAll(() => server.close());

const browserOf = async (who: "admin" | "member") => {
  const browser = new FormBrowser(server.url, {}, server.handle);
  await signIn(browser, server.demo.users[who].email, server.demo.users[who].password, "/settings/apps");
  return browser;
};
const trackerPage = (appId = server.demo.appId) => `/settings/apps/${appId}/tracker`;
const statusesForm = (page: string) =>
  /<form method="post" action="\/settings\/apps\/[^/]+\/tracker\/statuses"[^>]*>[\s\S]*?<\/form>/.exec(page)?.[0];

describe("the issue tracker in the apps settings", () => {
  test("shows the app's tracker, its webhook address, and the default state of each status", async () => {
    const page = await (await (await browserOf("admin")).fetch(trackerPage())).text();
    expect(page).toContain("<h2>Issue tracker</h2>");
    expect(page).toContain("Linear, team <code>ENG</code>");
    expect(page).toMatch(new RegExp(`Its webhook address: <code[^>]*>${server.url}/integrations/linear/webhook</code>`));
    expect(page).toMatch(
      /<label for="(state-[^"]+-triage)">Triage<\/label><p class="muted" id="\1-default">Default: the first “backlog” or “not started” state<\/p>/,
    );
    expect(page).toMatch(
      /<label for="(state-[^"]+-dismissed)">Dismissed<\/label><p class="muted" id="\1-default">Default: the first “canceled” or “completed” state<\/p>/,
    );
  });

  test("an Admin sets the state of some statuses; blank ones keep the default; the CLI reads the same mapping", async () => {
    const browser = await browserOf("admin");
    const form = statusesForm(await (await browser.fetch(trackerPage())).text())!;
    const saved = await browser.submit(form, { "state.fixed": "In Review", "state.dismissed": "  Won't Do " });
    expect([saved.status, saved.headers.get("location")]).toEqual([303, trackerPage()]);
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toBe(
      [
        "triage → (default: the first backlog or unstarted state)",
        "prioritized → (default: the first unstarted state)",
        "in_development → (default: the first started state)",
        "fixed → In Review",
        "delivered → (default: the first completed state)",
        "dismissed → Won't Do",
        "",
      ].join("\n"),
    );
    expect(statusesForm(await (await browser.fetch(trackerPage())).text())).toContain('name="state.fixed" value="In Review"');
  });

  test("a name longer than 100 characters is refused beside its field, naming the status by its label; the names sent stay in their fields", async () => {
    const browser = await browserOf("admin");
    const form = statusesForm(await (await browser.fetch(trackerPage())).text())!;
    const refused = await browser.submit(form, { "state.fixed": "x".repeat(101), "state.triage": "Inbox" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(
      /<p class="error" role="alert" id="(state-[^"]+-fixed)-error">Fixed: expected a text of at most 100 characters.<\/p>\n<input id="\1" name="state.fixed" value="x{101}" maxlength="100" aria-invalid="true" aria-describedby="\1-default \1-error" autofocus>/,
    );
    expect(page).toMatch(/name="state.triage" value="Inbox"/);
    expect(await server.cli("tracker", "statuses", "DEMO", server.demo.appId)).toContain("fixed → In Review\n");
  });

  test("a member reads the mapping, without a form to change it", async () => {
    const page = await (await (await browserOf("member")).fetch(trackerPage())).text();
    expect(statusesForm(page)).toBeUndefined();
    expect(page).toContain("<dt>Fixed</dt><dd>In Review</dd>");
  });

  test("the last sync that failed is said with its time, in English and French, to Admins and members, and stays while the mapping changes", async () => {
    const at = Date.UTC(2026, 10, 27, 9, 30);
    const failure = { at, error: "Authentication required, not authenticated", refused: true };
    await server.services.store.recordTrackerFailure(server.demo.orgId, server.demo.appId, failure);
    const admin = await browserOf("admin");
    const said = `<p class="error">The last call to Linear failed, ${formatTime("en", at)}: Linear refused the token (Authentication required, not authenticated). An Admin gives a new one in this section, or an operator with tracker set; syncs wait until then, for about a day.</p>`;
    expect(await (await admin.fetch(trackerPage())).text()).toContain(said);
    expect(await (await (await browserOf("member")).fetch(trackerPage())).text()).toContain(said);
    const inFrench = await (await admin.fetch(trackerPage(), { headers: { "accept-language": "fr" } })).text();
    expect(inFrench).toContain(`Le dernier appel à Linear a échoué, ${formatTime("fr", at)}\u202f: Linear a refusé le jeton`);
    await admin.submit(statusesForm(await (await admin.fetch(trackerPage())).text())!, { "state.fixed": "In Review" });
    expect(await (await admin.fetch(trackerPage())).text()).toContain(said);
    await server.services.store.clearTrackerFailure(server.demo.orgId, server.demo.appId, at + 1);
    expect(await (await admin.fetch(trackerPage())).text()).not.toContain("The last call to Linear failed");
  });

  test("an app without a tracker says that an Admin connects one here, and that a bridge takes the CLI", async () => {
    const created = await server.cli("app", "create", "DEMO", "Untracked app");
    const appId = /^app (\S+)/m.exec(created)![1]!;
    const page = await (await (await browserOf("admin")).fetch(trackerPage(appId))).text();
    expect(page).toContain(
      "None. An Admin connects GitHub, Linear or Jira here; a bridge to another tracker is set by an operator with the CLI: npm run cli -- tracker set … bridge …",
    );
  });
});

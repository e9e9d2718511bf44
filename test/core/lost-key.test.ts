import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import type { AppRecord } from "../../core/model.ts";
import { portalEntry } from "../../core/portal/sso-secret.ts";
import { connectSlack } from "../../core/slack/connect-slack.ts";
import type { SlackConnection } from "../../core/store/slack.ts";
import type { AppTracker } from "../../core/store/trackers.ts";
import { configureTracker } from "../../core/trackers/configure-tracker.ts";
import { describeTracker } from "../../core/trackers/describe-tracker.ts";

/**
 * After `secret-key reset`, what was sealed with the lost key no longer opens. The service carries
 * on: each such secret is treated as absent until it is given again, rather than failing the page
 * or the command that meets it.
 */
const LOST = "v1.sealed-with-the-lost-key";
const secrets = {
  seal: async (text: string) => `sealed(${text})`,
  open: async (sealed: string) => {
    if (!sealed.startsWith("sealed(")) throw new Error("sealed with another key");
    return sealed.slice(7, -1);
  },
};
const grant = operatorGrant("org");
const app: AppRecord = { id: "app", orgId: "org", name: "Shop", kind: "web" };
const tracker: AppTracker = { orgId: "org", appId: "app", provider: "linear", settingsSealed: LOST };

describe("secrets sealed with a lost key", () => {
  test("a portal's SSO secret is none: its e-mail sign-in still opens", async () => {
    const portal = { orgId: "org", slug: "acme", enabled: true, ssoSecretSealed: LOST, signInUrl: null };
    const entry = await portalEntry({ secrets, store: { findPortalBySlug: async () => portal as never } }, "acme");
    assert.deepEqual(entry, { orgId: "org", slug: "acme", enabled: true, ssoSecret: null, signInUrl: null });
  });

  test("an app's tracker shows its provider, its settings to be given again; tracker set gives them", async () => {
    const view = await describeTracker(
      { secrets, trackers: {} as never, store: { findAppTracker: async () => tracker, findApp: async () => app } },
      grant,
      "app",
    );
    assert.deepEqual(view.ok && view.value, { provider: "linear", project: "", mapsStatuses: false, statuses: {} });
    const saved: AppTracker[] = [];
    const store = { findApp: async () => app, findAppTracker: async () => tracker, setAppTracker: async (t: AppTracker) => void saved.push(t) };
    const configured = await configureTracker(
      { secrets, trackers: { linear: { mapsStatuses: true } as never }, ids: { id: () => "id", secret: () => "new" }, clock: () => 0, store },
      grant,
      "app",
      "linear",
      {
        project: "ENG",
        token: "lin_new",
        webhookSecret: "whs",
      },
      null,
    );
    assert.equal(configured.ok, true);
    assert.deepEqual(JSON.parse(await secrets.open(saved[0]!.settingsSealed)), { project: "ENG", token: "lin_new", webhookSecret: "whs" });
  });

  test("Slack's secrets, given again in full, replace the ones that no longer open", async () => {
    const current: SlackConnection = { orgId: "org", secretsSealed: LOST, kinds: [] };
    const stored: SlackConnection[] = [];
    const store = {
      findApp: async () => app,
      findSlackConnection: async () => current,
      setSlackConnection: async (c: SlackConnection) => void stored.push(c),
    };
    const slack = { authTest: async () => ({ teamId: "T1", enterpriseInstall: false }) };
    const connected = await connectSlack({ secrets, store, slack, clock: () => 0 }, grant, { signingSecret: "sign", botToken: "xoxb-new" });
    assert.equal(connected.ok, true);
    assert.deepEqual(JSON.parse(await secrets.open(stored[0]!.secretsSealed)), { signingSecret: "sign", botToken: "xoxb-new" });
  });
});

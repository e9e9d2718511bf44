import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { operatorGrant } from "../../core/authorization.ts";
import type { AppRecord } from "../../core/model.ts";
import { connectSlack } from "../../core/slack/connect-slack.ts";
import type { SlackConnection } from "../../core/store/slack.ts";
import type { AppTracker } from "../../core/store/trackers.ts";
import { configureTracker } from "../../core/trackers/configure-tracker.ts";

/**
 * Settings saved while the service they call could not be reached are kept, unchecked; the store
 * keeps that as their last failure, so that the settings read later say it too, until a call goes through.
 */
const secrets = { seal: async (text: string) => `sealed(${text})`, open: async (sealed: string) => sealed.slice(7, -1) };
const grant = operatorGrant("org");
const app: AppRecord = { id: "app", orgId: "org", name: "Shop", kind: "web" };
const AT = 1_790_000_000_000;
const offline = async () => {
  throw new Error("connect ECONNREFUSED 127.0.0.1:9 (token xoxb-new)");
};

describe("settings saved unchecked", () => {
  test("Slack's connection keeps, as its last failure at the clock's time, that Slack could not be reached, without the secrets", async () => {
    const stored: SlackConnection[] = [];
    const store = {
      findApp: async () => app,
      findSlackConnection: async () => null,
      setSlackConnection: async (c: SlackConnection) => void stored.push(c),
    };
    const connected = await connectSlack({ secrets, store, slack: { authTest: offline }, clock: () => AT }, grant, {
      signingSecret: "sign",
      botToken: "xoxb-new",
    });
    assert.equal(connected.ok, true);
    assert.equal(stored[0]!.lastFailure?.at, AT);
    assert.equal(stored[0]!.lastFailure?.refused, false);
    assert.match(stored[0]!.lastFailure!.error, /ECONNREFUSED/);
    assert.doesNotMatch(stored[0]!.lastFailure!.error, /xoxb-new/);
  });

  test("Slack's connection checked by Slack keeps no failure, not even one of before", async () => {
    const before: SlackConnection = { orgId: "org", secretsSealed: "sealed({})", kinds: [], lastFailure: { at: 1, error: "down", refused: false } };
    const stored: SlackConnection[] = [];
    const store = {
      findApp: async () => app,
      findSlackConnection: async () => before,
      setSlackConnection: async (c: SlackConnection) => void stored.push(c),
    };
    await connectSlack({ secrets, store, slack: { authTest: async () => ({ teamId: "T1", enterpriseInstall: false }) }, clock: () => AT }, grant, {
      signingSecret: "sign",
      botToken: "xoxb-new",
    });
    assert.equal(stored[0]!.lastFailure, undefined);
  });

  test("Slack's connection saved unchecked keeps the workspace it knew while its bot token is the same; with a new token it knows none until Slack answers", async () => {
    const before: SlackConnection = {
      orgId: "org",
      secretsSealed: 'sealed({"signingSecret":"sign","botToken":"xoxb-kept"})',
      kinds: [],
      teamId: "T1",
      enterpriseId: "E1",
    };
    const stored: SlackConnection[] = [];
    const store = {
      findApp: async () => app,
      findSlackConnection: async () => before,
      setSlackConnection: async (c: SlackConnection) => void stored.push(c),
    };
    const services = { secrets, store, slack: { authTest: offline }, clock: () => AT };
    await connectSlack(services, grant, { signingSecret: "", botToken: "" });
    await connectSlack(services, grant, { signingSecret: "", botToken: "xoxb-new" });
    assert.deepEqual(
      stored.map((c) => ({ teamId: c.teamId, enterpriseId: c.enterpriseId })),
      [
        { teamId: "T1", enterpriseId: "E1" },
        { teamId: undefined, enterpriseId: undefined },
      ],
    );
  });

  test("an app's tracker keeps, as its last failure at the clock's time, that the tracker could not be reached", async () => {
    const saved: AppTracker[] = [];
    const configured = await configureTracker(
      {
        secrets,
        trackers: { github: { mapsStatuses: false, check: offline } } as never,
        ids: { id: () => "id", secret: () => "whs" },
        clock: () => AT,
        store: { findApp: async () => app, findAppTracker: async () => null, setAppTracker: async (t: AppTracker) => void saved.push(t) },
      },
      grant,
      "app",
      "github",
      { project: "acme/shop", token: "ghp_new" },
      null,
    );
    assert.equal(configured.ok, true);
    assert.equal(saved[0]!.lastFailure?.at, AT);
    assert.match(saved[0]!.lastFailure!.error, /ECONNREFUSED/);
  });
});

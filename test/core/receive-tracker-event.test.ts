import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FeedbackRecord, TrackerLink } from "../../core/model.ts";
import type { TrackerSettings } from "../../core/ports.ts";
import type { AppTracker } from "../../core/store/trackers.ts";
import { receiveTrackerEvent, type TrackerChange } from "../../core/trackers/receive-tracker-event.ts";
import { fakeFeedbacks, feedbackRecord } from "./fake-feedbacks.ts";

const issue: TrackerLink = { key: "ENG-1", provider: "linear", status: "Todo" };

/** Two organizations whose Linear workspaces both have a team ENG, each app with its own webhook secret. */
function setUp(ours: Partial<FeedbackRecord> = {}, settings: Partial<TrackerSettings> = {}, unreadable?: string) {
  const fake = fakeFeedbacks(
    feedbackRecord({ tracker: issue, status: "prioritized", ...ours }),
    feedbackRecord({ id: "fb-2", orgId: "other", appId: "app-2", key: "OTHER-1", tracker: issue, status: "prioritized" }),
  );
  const tracker = (orgId: string, appId: string, webhookSecret: string): AppTracker => ({
    orgId,
    appId,
    provider: "linear",
    settingsSealed: JSON.stringify({ project: "ENG", token: "t", webhookSecret, ...settings }),
  });
  const links: [string, TrackerLink][] = [];
  const deps = {
    ...fake.deps,
    secrets: {
      seal: async (text: string) => text,
      // Settings sealed with a key since lost (those holding `unreadable`) do not open.
      open: async (sealed: string) => {
        if (unreadable && sealed.includes(unreadable)) throw new Error("does not open with this key");
        return sealed;
      },
    },
    store: {
      ...fake.deps.store,
      findAppTrackersByProject: async () => [tracker("org", "app", "our-secret"), tracker("other", "app-2", "their-secret")],
      findFeedbacksByTracker: async (orgId: string, key: string) =>
        [...fake.feedbacks.values()].filter((f) => f.orgId === orgId && f.tracker?.key === key),
      refreshFeedbackTracker: async (_orgId: string, feedbackId: string, link: TrackerLink) => {
        links.push([feedbackId, link]);
        return true;
      },
    },
  } as unknown as Parameters<typeof receiveTrackerEvent>[0];
  const receive = (change: TrackerChange | null | "malformed", signedWith = "our-secret") =>
    receiveTrackerEvent(deps, { provider: "linear", project: "ENG", signedWith: (secret) => secret === signedWith, change });
  return { fake, links, receive };
}

const inProgress: TrackerChange = { issueKey: "ENG-1", state: { name: "In Progress", kind: "started" }, issueStatus: "In Progress" };

describe("an issue event from a tracker", () => {
  test("moves only the feedbacks of the app whose webhook secret signed it, not another workspace's issue of the same key", async () => {
    const { fake, receive } = setUp();
    assert.deepEqual(await receive(inProgress), { ok: true, value: { moved: 1 } });
    assert.deepEqual(
      [...fake.feedbacks.values()].map((f) => [f.id, f.status]),
      [
        ["fb-1", "in_development"],
        ["fb-2", "prioritized"],
      ],
    );
  });

  test("leaves another app's feedback of the same organization alone, though linked to an issue of that key: its own tracker's secret must sign", async () => {
    const { fake, receive } = setUp();
    fake.feedbacks.set("fb-3", feedbackRecord({ id: "fb-3", appId: "app-3", key: "DEMO-3", tracker: issue, status: "prioritized" }));
    assert.deepEqual(await receive(inProgress), { ok: true, value: { moved: 1 } });
    assert.equal(fake.feedbacks.get("fb-3")?.status, "prioritized");
  });

  test("moves every feedback linked to the issue, each through its own status change, and keeps the issue's state on each link", async () => {
    const { fake, links, receive } = setUp();
    fake.feedbacks.set("fb-3", feedbackRecord({ id: "fb-3", key: "DEMO-3", tracker: issue, status: "triage" }));
    assert.deepEqual(await receive(inProgress), { ok: true, value: { moved: 2 } });
    assert.deepEqual(
      fake.changes.map((c) => [c.feedbackId, c.from, c.to]),
      [
        ["fb-1", "prioritized", "in_development"],
        ["fb-3", "triage", "in_development"],
      ],
    );
    assert.deepEqual(
      links.map(([id, link]) => [id, link.status]),
      [
        ["fb-1", "In Progress"],
        ["fb-3", "In Progress"],
      ],
    );
  });

  test("another organization's settings that no longer open (its key lost) do not stop this one's event", async () => {
    const { receive } = setUp({}, {}, "their-secret");
    assert.deepEqual(await receive(inProgress), { ok: true, value: { moved: 1 } });
  });

  test("turns the issue's workflow state into a status through the app's mapping", async () => {
    const { fake, receive } = setUp({}, { statuses: { fixed: "In Review" } });
    await receive({ issueKey: "ENG-1", state: { name: "In Review", kind: "started" } });
    assert.equal(fake.feedbacks.get("fb-1")?.status, "fixed");
  });

  test("moves nothing when the feedback's status already fits the state, and keeps the state's name on the link", async () => {
    const { fake, links, receive } = setUp({ status: "in_development" });
    assert.deepEqual(await receive(inProgress), { ok: true, value: { moved: 0 } });
    assert.equal(fake.changes.length, 0);
    assert.deepEqual(
      links.map(([id, link]) => [id, link.status]),
      [["fb-1", "In Progress"]],
    );
  });

  test("a change older than the last time the issue and the feedback were brought in line (sent again, replayed, late) moves nothing; within a minute of it, the clocks' drift, it moves", async () => {
    const synced = { tracker: { ...issue, syncedAt: 10 * 60_000 } };
    const older = setUp(synced);
    assert.deepEqual(await older.receive({ ...inProgress, at: 8 * 60_000 }), { ok: true, value: { moved: 0 } });
    assert.equal(older.fake.feedbacks.get("fb-1")?.status, "prioritized");
    const drifted = setUp(synced);
    assert.deepEqual(await drifted.receive({ ...inProgress, at: 9.5 * 60_000 }), { ok: true, value: { moved: 1 } });
    const undated = setUp(synced);
    assert.deepEqual(await undated.receive(inProgress), { ok: true, value: { moved: 1 } });
  });

  test("leaves a feedback linked to another tracker's issue of the same key alone", async () => {
    const { fake, receive } = setUp({ tracker: { ...issue, provider: "jira" } });
    assert.deepEqual(await receive(inProgress), { ok: true, value: { moved: 0 } });
    assert.equal(fake.feedbacks.get("fb-1")?.status, "prioritized");
  });

  test("unsigned by any app's secret, it is refused before its shape is looked at", async () => {
    const { receive } = setUp();
    assert.deepEqual(await receive("malformed", "forged"), { ok: false, code: "invalid_signature" });
    assert.deepEqual(await receive("malformed"), { ok: false, code: "invalid_body" });
  });
});

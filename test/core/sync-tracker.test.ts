import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { DeliveryFailure, FeedbackRecord, TrackerLink } from "../../core/model.ts";
import { CredentialsRefused } from "../../core/refused-credentials.ts";
import type { IssueComment } from "../../core/ports.ts";
import type { Status } from "../../core/schemas/feedback.ts";
import { syncTracker } from "../../core/trackers/sync.ts";
import type { StatusComment } from "../../core/store/feedbacks.ts";
import { feedbackRecord } from "./fake-feedbacks.ts";
import { NOW } from "./fake-organization.ts";
import { fakeNotices } from "./fake-notices.ts";

const link: TrackerLink = { key: "acme/web#7", provider: "github", status: "open" };
const job = { kind: "sync_tracker" as const, orgId: "org", feedbackId: "fb-1" };

/**
 * A feedback linked to an issue; `duringFollow` runs while the tracker is being called, as a
 * concurrent change would (and may throw, as a tracker refusing the call).
 */
function setUp(
  status: Status,
  duringFollow: (follows: number) => Status | null = () => null,
  comments: readonly StatusComment[] = [],
  settings = '{"project":"acme/web","token":"ghp_secret"}',
) {
  let feedback: FeedbackRecord = feedbackRecord({ status, tracker: link });
  const sent: Status[] = [];
  const said: Array<string | undefined> = [];
  const given: IssueComment[] = [];
  /** The notifications' ledger: claimed, then confirmed (sent) or released. */
  const notices = fakeNotices();
  /** The app tracker's last failure, as the store keeps it. */
  let lastFailure: DeliveryFailure | undefined;
  const deps = {
    clock: () => NOW,
    secrets: { seal: async (text: string) => text, open: async (sealed: string) => sealed },
    // The name an Admin gave now resolves to the company's network.
    trackerAddresses: { resolve: async () => ["10.0.0.5"], allowPrivate: false },
    trackers: {
      github: {
        follow: async (_settings: unknown, current: TrackerLink, change: { status: Status; comment?: IssueComment }) => {
          sent.push(change.status);
          said.push(change.comment?.text);
          if (change.comment) given.push(change.comment);
          const moved = duringFollow(sent.length);
          if (moved) feedback = { ...feedback, status: moved };
          return current;
        },
      },
    },
    store: {
      findFeedback: async () => feedback,
      findAppTracker: async () => ({
        orgId: "org",
        appId: "app",
        provider: "github",
        settingsSealed: settings,
        ...(lastFailure && { lastFailure }),
      }),
      recordTrackerFailure: async (_org: string, _app: string, failure: DeliveryFailure) => {
        lastFailure = failure;
      },
      clearTrackerFailure: async (_org: string, _app: string, before: number) => {
        if (lastFailure && lastFailure.at < before) lastFailure = undefined;
      },
      listComments: async () => comments,
      refreshFeedbackTracker: async () => true,
      ...notices.store,
    },
  };
  const claimOf = (text: string) => `${text}|${link.key}|tracker_comment`;
  return {
    deps: deps as unknown as Parameters<typeof syncTracker>[0],
    sent,
    said,
    given,
    lastFailure: () => lastFailure,
    /** Another sync claimed the comment's posting, and crashed before it could say how it went. */
    crashedWhilePosting: (text: string) => void notices.claims.set(claimOf(text), "claimed"),
    /** That claim's lease ran out: the next claim takes it over. */
    claimRunsOut: (text: string) => void notices.claims.delete(claimOf(text)),
  };
}

const comment = (text: string, from: Status, to: Status): StatusComment => ({
  id: text,
  text,
  userId: "u",
  statusFrom: from,
  statusTo: to,
  at: NOW,
  visibility: "internal",
});

describe("the tracker sync job", () => {
  test("the linked issue takes the feedback's current status, once", async () => {
    const run = setUp("prioritized");
    await syncTracker(run.deps, job);
    assert.deepEqual(run.sent, ["prioritized"]);
  });

  test("a status changed while the issue was being updated is sent after it, so the issue ends at the newest", async () => {
    const run = setUp("prioritized", (follows) => (follows === 1 ? "fixed" : null));
    await syncTracker(run.deps, job);
    assert.deepEqual(run.sent, ["prioritized", "fixed"]);
  });

  test("a status that keeps moving is followed a bounded number of times, the newer change's own job doing the rest", async () => {
    const statuses: Status[] = ["in_development", "fixed", "delivered", "triage"];
    const run = setUp("prioritized", (follows) => statuses[follows - 1] ?? null);
    await syncTracker(run.deps, job);
    assert.deepEqual(run.sent, ["prioritized", "in_development", "fixed"]);
  });

  test("the comment reaches the tracker with its id and time, by which the tracker finds it on the issue when a sync posted it and did not live to record so", async () => {
    const run = setUp("fixed", () => null, [{ ...comment("Fixed in #9", "prioritized", "fixed"), id: "c-41", at: NOW - 5_000 }]);
    await syncTracker(run.deps, job);
    assert.deepEqual(run.given, [{ id: "c-41", text: "Fixed in #9", at: NOW - 5_000 }]);
  });

  test("the issue gets the comment that came with the change, never a note written on its own after it", async () => {
    const run = setUp("fixed", () => null, [comment("Fixed in #9", "prioritized", "fixed"), comment("Ask Ann, she pays us", "fixed", "fixed")]);
    await syncTracker(run.deps, job);
    assert.deepEqual(run.said, ["Fixed in #9"]);
  });

  test("two syncs that both run after a change (the jobs of two quick changes) post its comment once, and each brings the status", async () => {
    const run = setUp("fixed", () => null, [comment("In review", "triage", "prioritized"), comment("Fixed in #9", "prioritized", "fixed")]);
    await syncTracker(run.deps, job);
    await syncTracker(run.deps, job);
    assert.deepEqual(run.sent, ["fixed", "fixed"]);
    assert.deepEqual(run.said, ["Fixed in #9", undefined]);
  });

  test("a comment the tracker refused is posted by the job's retry", async () => {
    const run = setUp(
      "fixed",
      (follows) => {
        if (follows === 1) throw new Error("502 from the tracker");
        return null;
      },
      [comment("Fixed in #9", "prioritized", "fixed")],
    );
    await assert.rejects(syncTracker(run.deps, job), /502/);
    await syncTracker(run.deps, job);
    assert.deepEqual(run.said, ["Fixed in #9", "Fixed in #9"]);
  });

  test("a sync that fails keeps what the tracker said, without the token, for the app's settings, a refused token as such; a later sync that goes through forgets it", async () => {
    let now = NOW;
    const run = setUp("fixed", (follows) => {
      if (follows === 1) throw new CredentialsRefused("token", "Bad credentials for ghp_secret");
      if (follows === 2) throw new Error("GitHub did not answer within 30 s");
      return null;
    });
    const deps = { ...run.deps, clock: () => now };
    await assert.rejects(syncTracker(deps, job), /Bad credentials/);
    assert.deepEqual(run.lastFailure(), { at: NOW, error: "Bad credentials for [redacted]", refused: true });
    now += 1_000;
    await assert.rejects(syncTracker(deps, job), /did not answer/);
    assert.deepEqual(run.lastFailure(), { at: NOW + 1_000, error: "GitHub did not answer within 30 s", refused: false });
    now += 1_000;
    await syncTracker(deps, job);
    assert.equal(run.lastFailure(), undefined);
  });

  test("an address an Admin gave that now resolves to a private one is not called: the sync fails, saying why, for the app's settings", async () => {
    const admins = '{"project":"acme/web","token":"ghp_secret","apiUrl":"https://ghe.acme.test/api/v3","givenByAdmin":true}';
    const run = setUp("fixed", () => null, [], admins);
    await assert.rejects(syncTracker(run.deps, job), /not called/);
    assert.deepEqual(run.sent, []);
    assert.deepEqual(run.lastFailure(), {
      at: NOW,
      error:
        "the tracker was not called: ghe.acme.test resolves to 10.0.0.5, which is not a public address; an address an Admin gives must be https and public, unless the operator allows private ones",
      refused: false,
    });
  });

  test("the same address set by the operator (tracker set) is called", async () => {
    const run = setUp("fixed", () => null, [], '{"project":"acme/web","token":"ghp_secret","apiUrl":"https://ghe.acme.test/api/v3"}');
    await syncTracker(run.deps, job);
    assert.deepEqual(run.sent, ["fixed"]);
  });

  test("a sync that finds the comment claimed by another (one that crashed) brings the status and fails, so the comment is posted at a retry", async () => {
    const run = setUp("fixed", () => null, [comment("Fixed in #9", "prioritized", "fixed")]);
    run.crashedWhilePosting("Fixed in #9");
    await assert.rejects(syncTracker(run.deps, job), /being posted by another sync/);
    assert.deepEqual(run.sent, ["fixed"]);
    run.claimRunsOut("Fixed in #9");
    await syncTracker(run.deps, job);
    assert.deepEqual(run.said, [undefined, "Fixed in #9"]);
  });
});

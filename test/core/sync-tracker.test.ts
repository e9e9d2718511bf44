import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FeedbackRecord, TrackerLink } from "../../core/model.ts";
import type { Status } from "../../core/schemas/feedback.ts";
import { syncTracker } from "../../core/trackers/sync.ts";
import { feedbackRecord } from "./fake-feedbacks.ts";
import { NOW } from "./fake-organization.ts";

const link: TrackerLink = { key: "acme/web#7", provider: "github", status: "open" };
const job = { kind: "sync_tracker" as const, orgId: "org", feedbackId: "fb-1" };

/** A feedback linked to an issue; `duringFollow` runs while the tracker is being called, as a concurrent change would. */
function setUp(status: Status, duringFollow: (follows: number) => Status | null = () => null) {
  let feedback: FeedbackRecord = feedbackRecord({ status, tracker: link });
  const sent: Status[] = [];
  const deps = {
    clock: () => NOW,
    secrets: { seal: async (text: string) => text, open: async (sealed: string) => sealed },
    trackers: {
      github: {
        follow: async (_settings: unknown, current: TrackerLink, change: { status: Status }) => {
          sent.push(change.status);
          const moved = duringFollow(sent.length);
          if (moved) feedback = { ...feedback, status: moved };
          return current;
        },
      },
    },
    store: {
      findFeedback: async () => feedback,
      findAppTracker: async () => ({ orgId: "org", appId: "app", provider: "github", settingsSealed: '{"project":"acme/web"}' }),
      listComments: async () => [],
      setFeedbackTracker: async () => undefined,
    },
  };
  return { deps: deps as unknown as Parameters<typeof syncTracker>[0], sent };
}

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
});

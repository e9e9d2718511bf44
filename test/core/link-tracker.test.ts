import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FeedbackRecord, TrackerLink } from "../../core/model.ts";
import { linkTracker } from "../../core/trackers/link.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const linked: TrackerLink = { key: "acme/web#7", provider: "github", status: "open" };

/** A feedback of an app whose GitHub tracker counts the issues it is asked to open and to find. */
function setUp(feedback: FeedbackRecord) {
  const fake = fakeFeedbacks(feedback);
  const calls = { open: 0, find: 0 };
  const github = {
    mapsStatuses: false,
    open: async (): Promise<TrackerLink> => {
      calls.open++;
      return { key: "acme/web#8", provider: "github", status: "open" };
    },
    find: async (_settings: unknown, issue: string): Promise<TrackerLink> => {
      calls.find++;
      return { key: `acme/web#${issue}`, provider: "github", status: "open" };
    },
  };
  const deps = {
    ...fake.deps,
    secrets: { seal: async (text: string) => text, open: async (sealed: string) => sealed },
    trackers: { github },
    store: {
      ...fake.deps.store,
      findAppTracker: async () => ({ orgId: "org", appId: "app", provider: "github", settingsSealed: '{"project":"acme/web","token":"t"}' }),
      setFeedbackTracker: async (_org: string, id: string, link: TrackerLink) => {
        fake.feedbacks.set(id, { ...fake.feedbacks.get(id)!, tracker: link });
      },
    },
  } as unknown as Parameters<typeof linkTracker>[0];
  return { deps, calls, linkOf: () => fake.feedbacks.get(feedback.id)?.tracker };
}

describe("linkTracker", () => {
  test("a feedback with no issue opens one and is linked to it", async () => {
    const { deps, calls, linkOf } = setUp(feedbackRecord());
    const result = await linkTracker(deps, member, "ACME-1", undefined);
    assert.equal(result.ok && result.value.trackerIssue?.key, "acme/web#8");
    assert.deepEqual([calls.open, linkOf()?.key], [1, "acme/web#8"]);
  });

  test("a feedback linked already opens no second issue: tracker_linked, before the tracker is asked", async () => {
    const { deps, calls, linkOf } = setUp(feedbackRecord({ tracker: linked }));
    const result = await linkTracker(deps, member, "ACME-1", undefined);
    assert.deepEqual(result, { ok: false, code: "tracker_linked" });
    assert.deepEqual([calls.open, calls.find, linkOf()?.key], [0, 0, "acme/web#7"]);
  });

  test("an issue named for a feedback linked already replaces its link", async () => {
    const { deps, linkOf } = setUp(feedbackRecord({ tracker: linked }));
    const result = await linkTracker(deps, member, "ACME-1", "12");
    assert.equal(result.ok && result.value.trackerIssue?.key, "acme/web#12");
    assert.equal(linkOf()?.key, "acme/web#12");
  });
});

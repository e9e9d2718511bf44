import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Failure } from "../../core/errors.ts";
import type { FeedbackRecord, TrackerLink } from "../../core/model.ts";
import { DeadlinePassed } from "../../core/trackers/deadline.ts";
import { linkTracker } from "../../core/trackers/link.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const linked: TrackerLink = { key: "acme/web#7", provider: "github", status: "open" };
const appTracker = { orgId: "org", appId: "app", provider: "github", settingsSealed: '{"project":"acme/web","token":"t"}' };

/**
 * A feedback of an app whose GitHub tracker counts the issues it is asked to open and to find, and
 * takes a moment to open one (failing the first `failures` times); `tracker: null` is an app whose
 * tracker was removed. The store claims an opening as the stores do: once, while the feedback is not linked.
 */
function setUp(
  feedback: FeedbackRecord,
  {
    tracker = appTracker,
    failures = 0,
    allowPrivate = false,
    storeFails = false,
    unanswered = false,
  }: { tracker?: object | null; failures?: number; allowPrivate?: boolean; storeFails?: boolean; unanswered?: boolean } = {},
) {
  const fake = fakeFeedbacks(feedback);
  const calls = { open: 0, find: 0 };
  let opening: number | undefined;
  const github = {
    mapsStatuses: false,
    open: async (): Promise<TrackerLink> => {
      calls.open++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (calls.open <= failures) throw unanswered ? new DeadlinePassed("GitHub did not answer within 30 s") : new Error("GitHub answered 503");
      return { key: "acme/web#8", provider: "github", status: "open", url: "https://github.com/acme/web/issues/8" };
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
    // Any name resolves to the company's network now.
    trackerAddresses: { resolve: async () => ["10.0.0.5"], allowPrivate },
    store: {
      ...fake.deps.store,
      findAppTracker: async () => tracker,
      setFeedbackTracker: async (_org: string, id: string, link: TrackerLink) => {
        if (storeFails) throw new Error("SQLITE_FULL: database or disk is full");
        fake.feedbacks.set(id, { ...fake.feedbacks.get(id)!, tracker: link });
      },
      claimTrackerOpening: async (_org: string, id: string, now: number, leaseMs: number) => {
        if (fake.feedbacks.get(id)!.tracker || (opening !== undefined && opening > now)) return false;
        opening = now + leaseMs;
        return true;
      },
      releaseTrackerOpening: async (_org: string, _id: string, until: number) => {
        if (opening === until) opening = undefined;
      },
    },
  } as unknown as Parameters<typeof linkTracker>[0];
  return { deps, calls, linkOf: () => fake.feedbacks.get(feedback.id)?.tracker, claimed: () => opening !== undefined };
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

  test("of two requests to open an issue at the same moment, one opens it; the other is refused tracker_linked, without asking the tracker", async () => {
    const { deps, calls, linkOf } = setUp(feedbackRecord());
    const results = await Promise.all([linkTracker(deps, member, "ACME-1", undefined), linkTracker(deps, member, "ACME-1", undefined)]);
    assert.deepEqual(
      results.map((r) => (r.ok ? r.value.trackerIssue?.key : r.code)),
      ["acme/web#8", "tracker_linked"],
    );
    assert.deepEqual([calls.open, linkOf()?.key], [1, "acme/web#8"]);
  });

  test("an opening the tracker failed may be asked again at once, and opens the issue then", async () => {
    const { deps, calls, linkOf } = setUp(feedbackRecord(), { failures: 1 });
    assert.equal((await linkTracker(deps, member, "ACME-1", undefined)).ok || "refused", "refused");
    const again = await linkTracker(deps, member, "ACME-1", undefined);
    assert.equal(again.ok && again.value.trackerIssue?.key, "acme/web#8");
    assert.deepEqual([calls.open, linkOf()?.key], [2, "acme/web#8"]);
  });

  test("an opening its tracker did not answer in time may have been made: the failure says so, and only then; its claim is given back", async () => {
    const unanswered = setUp(feedbackRecord(), { failures: 1, unanswered: true });
    // (The fake's token, "t", is kept out of what the failure says.)
    const { cause: _, ...said } = (await linkTracker(unanswered.deps, member, "ACME-1", undefined)) as Failure;
    assert.deepEqual(said, { ok: false, code: "tracker_unavailable", mayHaveOpened: true });
    assert.equal(unanswered.claimed(), false);
    const { cause: __, ...failed } = (await linkTracker(setUp(feedbackRecord(), { failures: 1 }).deps, member, "ACME-1", undefined)) as Failure;
    assert.deepEqual(failed, { ok: false, code: "tracker_unavailable" });
  });

  test("an issue opened that the store fails to link is named in the failure (internal_error), and its opening's claim given back", async () => {
    const { deps, calls, linkOf, claimed } = setUp(feedbackRecord(), { storeFails: true });
    assert.deepEqual(await linkTracker(deps, member, "ACME-1", undefined), {
      ok: false,
      code: "internal_error",
      cause: "SQLITE_FULL: database or disk is full",
      unlinked: { key: "acme/web#8", url: "https://github.com/acme/web/issues/8" },
    });
    assert.deepEqual([calls.open, linkOf(), claimed()], [1, undefined, false]);
  });

  test("an address an Admin gave that now resolves to a private one opens nothing: tracker_unavailable saying why, the tracker never called", async () => {
    const admins = {
      ...appTracker,
      settingsSealed: '{"project":"acme/web","token":"t","apiUrl":"https://ghe.acme.test/api/v3","givenByAdmin":true}',
    };
    const { deps, calls, linkOf } = setUp(feedbackRecord(), { tracker: admins });
    assert.deepEqual(await linkTracker(deps, member, "ACME-1", undefined), {
      ok: false,
      code: "tracker_unavailable",
      cause:
        "the tracker was not called: ghe.acme.test resolves to 10.0.0.5, which is not a public address; an address an Admin gives must be https and public, unless the operator allows private ones",
    });
    assert.deepEqual([calls, linkOf()], [{ open: 0, find: 0 }, undefined]);
    // Once the operator allows private addresses (TRACKERS_ALLOW_PRIVATE), the same settings are called.
    const allowed = setUp(feedbackRecord(), { tracker: admins, allowPrivate: true });
    assert.equal((await linkTracker(allowed.deps, member, "ACME-1", undefined)).ok, true);
    assert.equal(allowed.calls.open, 1);
  });

  test("the same address set by the operator (tracker set) is called", async () => {
    const operators = { ...appTracker, settingsSealed: '{"project":"acme/web","token":"t","apiUrl":"https://ghe.acme.test/api/v3"}' };
    const { deps, calls } = setUp(feedbackRecord(), { tracker: operators });
    assert.equal((await linkTracker(deps, member, "ACME-1", undefined)).ok, true);
    assert.equal(calls.open, 1);
  });

  test("a linked feedback whose app's tracker was removed is refused no_tracker, not tracker_linked", async () => {
    const { deps, calls } = setUp(feedbackRecord({ tracker: linked }), { tracker: null });
    assert.deepEqual(await linkTracker(deps, member, "ACME-1", undefined), { ok: false, code: "no_tracker" });
    assert.equal(calls.open, 0);
  });
});

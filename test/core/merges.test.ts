import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { decideGrouping } from "../../core/grouping/decision.ts";
import { dismissalAfterSplit, dismissalAfterUnmerge, dismissalOf } from "../../core/merges/dismissal.ts";
import { mergeInto } from "../../core/merges/merge-into.ts";
import { holderKeys, type MergeRecord, planMerge, planUnmerge, type Unmerge } from "../../core/merges/merge.ts";
import { planSplit, splitJob } from "../../core/merges/split.ts";
import { undismissSuggestion } from "../../core/merges/undismiss-suggestion.ts";
import { listSuggestions } from "../../core/merges/list-suggestions.ts";
import { reviewOrder } from "../../core/merges/review-order.ts";
import type { DomainEvent } from "../../core/feedback/events.ts";
import type { ReportRecord } from "../../core/model.ts";
import { unmergeFeedback } from "../../core/merges/unmerge-feedback.ts";
import { fakeFeedbacks, feedbackRecord } from "./fake-feedbacks.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const target = feedbackRecord({ id: "fb-1", key: "ACME-1", reports: 2, createdAt: NOW - 9_000, lastActivityAt: NOW - 5_000 });
const source = feedbackRecord({ id: "fb-2", key: "ACME-2", reports: 1, createdAt: NOW - 2_000, lastActivityAt: NOW - 2_000 });
const report = (id: string, at: number, fields: Partial<ReportRecord["report"]> = {}): ReportRecord => ({
  id,
  feedbackId: "fb-1",
  orgId: "org",
  appId: "app",
  source: "api",
  report: { kind: "problem", message: `message of ${id}`, author: {}, ...fields },
  language: "en",
  conversation: [],
  statusId: `s-${id}`,
  at,
});

const merged = (): MergeRecord => {
  const planned = planMerge({
    id: "m-1",
    source,
    target,
    sourceReportIds: ["r-3"],
    sourceFollowers: ["both@x.io", "new@x.io"],
    targetFollowers: ["both@x.io"],
    by: "user-1",
    score: null,
    at: NOW,
  });
  assert.ok(planned.ok);
  return planned.value;
};

describe("planMerge", () => {
  test("moves every report and the followers the target lacks; the target counts both and keeps the latest activity", () => {
    const m = merged();
    assert.deepEqual(m.reportIds, ["r-3"]);
    assert.deepEqual(m.addedFollowers, ["new@x.io"]);
    assert.deepEqual(m.targetBefore, { reports: 2, lastActivityAt: NOW - 5_000 });
    assert.deepEqual(m.targetAfter, { reports: 3, lastActivityAt: NOW - 2_000 });
    assert.equal(m.undone, null);
  });

  test("refuses the same feedback, two apps, and a feedback merged already, saying which and naming the feedbacks", () => {
    const plan = (s: typeof source, t: typeof target) =>
      planMerge({ id: "m", source: s, target: t, sourceReportIds: [], sourceFollowers: [], targetFollowers: [], by: null, score: null, at: NOW });
    const refused = (refusal: object) => ({ ok: false, code: "cannot_merge", refusal });
    assert.deepEqual(plan(target, target), refused({ reason: "same_feedback", feedback: "ACME-1" }));
    assert.deepEqual(plan({ ...source, appId: "other" }, target), refused({ reason: "other_app", feedback: "ACME-2", target: "ACME-1" }));
    assert.deepEqual(plan({ ...source, mergedInto: "fb-9" }, target), refused({ reason: "already_merged", feedback: "ACME-2" }));
    assert.deepEqual(plan(source, { ...target, mergedInto: "fb-9" }), refused({ reason: "already_merged", feedback: "ACME-1" }));
  });
});

describe("planUnmerge", () => {
  /** Plans the undoing of `merged()` on the target as it is now, holding these reports. */
  const undo = (fields: Partial<typeof target>, held: string[], m = merged(), holders: string[] = []) =>
    planUnmerge({ merge: m, source, target: { ...target, ...fields }, targetReports: new Set(held), holders, at: NOW + 1, by: "user-2" });

  test("gives the target back its former counts when nothing happened to it since", () => {
    const planned = undo({ reports: 3, lastActivityAt: NOW - 2_000 }, ["r-1", "r-2", "r-3"]);
    assert.ok(planned.ok);
    assert.deepEqual(planned.value.target, { reports: 2, lastActivityAt: NOW - 5_000 });
    assert.equal(planned.value.expectedReports, 3);
  });

  test("keeps the target's activity since the merge", () => {
    const planned = undo({ reports: 4, lastActivityAt: NOW + 500 }, ["r-1", "r-2", "r-3", "r-4"]);
    assert.ok(planned.ok);
    assert.deepEqual(planned.value.target, { reports: 3, lastActivityAt: NOW + 500 });
  });

  test("refuses a merge undone already, and a target merged since, saying why", () => {
    const held = ["r-1", "r-2", "r-3"];
    assert.deepEqual(undo({ reports: 3 }, held, { ...merged(), undone: { at: NOW, by: null } }), {
      ok: false,
      code: "cannot_unmerge",
      refusal: { reason: "not_merged", feedback: "ACME-2" },
    });
    assert.deepEqual(undo({ reports: 3, mergedInto: "fb-9" }, held), {
      ok: false,
      code: "cannot_unmerge",
      refusal: { reason: "target_merged", feedback: "ACME-2", target: "ACME-1" },
    });
  });

  test("refuses when a report the merge brought has left the target since, naming the feedback that holds it now", () => {
    assert.deepEqual(undo({ reports: 2 }, ["r-1", "r-2"], merged(), ["ACME-5"]), {
      ok: false,
      code: "cannot_unmerge",
      refusal: { reason: "reports_left", feedback: "ACME-2", target: "ACME-1", count: 1, holders: ["ACME-5"] },
    });
  });

  test("names the feedbacks holding the reports that left, each once, in key order, whatever else holdersOf read", () => {
    const holders = new Map([
      ["r-4", "ACME-7"],
      ["r-5", "ACME-12"],
      ["r-6", "ACME-7"],
      ["r-9", "ACME-3"],
    ]);
    assert.deepEqual(holderKeys(holders, ["r-4", "r-5", "r-6", "r-8"]), ["ACME-12", "ACME-7"]);
  });

  test("refuses when the target's own reports have all been split off since: the unmerge would leave it empty", () => {
    assert.deepEqual(undo({ reports: 1 }, ["r-3"]), {
      ok: false,
      code: "cannot_unmerge",
      refusal: { reason: "target_emptied", feedback: "ACME-2", target: "ACME-1" },
    });
  });
});

describe("planSplit", () => {
  const reports = [report("r-1", NOW - 9_000), report("r-2", NOW - 5_000, { title: "Export", author: { email: "ann@x.io" }, observed: "blank" })];

  test("the report gets a new feedback in triage; its reporter follows it when they follow the one it leaves", () => {
    const split = planSplit({
      id: "s",
      newFeedbackId: "fb-9",
      feedback: target,
      reports,
      reportId: "r-2",
      followers: ["ann@x.io"],
      by: "u",
      at: NOW,
    });
    assert.ok(split.ok);
    assert.deepEqual(split.value.newFeedback, {
      id: "fb-9",
      orgId: "org",
      appId: "app",
      title: "Export",
      kind: "problem",
      status: "triage",
      observed: "blank",
      reports: 1,
      createdAt: NOW - 5_000,
      lastActivityAt: NOW - 5_000,
    });
    assert.equal(split.value.follower, "ann@x.io");
    assert.deepEqual(split.value.remaining, { reports: 1, lastActivityAt: NOW - 9_000 });
  });

  test("the new feedback is dated from its report, never from the split: it is not created after its last activity", () => {
    const split = planSplit({ id: "s", newFeedbackId: "fb-9", feedback: target, reports, reportId: "r-2", followers: [], by: "u", at: NOW });
    assert.ok(split.ok);
    assert.equal(split.value.newFeedback.createdAt, NOW - 5_000);
    assert.equal(split.value.newFeedback.lastActivityAt, NOW - 5_000);
  });

  test("the new feedback is triaged and grouped like a new one: the split queues its group_report job", () => {
    const split = planSplit({ id: "s", newFeedbackId: "fb-9", feedback: target, reports, reportId: "r-2", followers: [], by: "u", at: NOW });
    assert.ok(split.ok);
    assert.deepEqual(splitJob(split.value), { kind: "group_report", orgId: "org", feedbackId: "fb-9" });
  });

  test("split off, the report a feedback's title came from takes it along: the feedback takes its first remaining report's; a title someone wrote stays", () => {
    const first = report("r-1", NOW - 9_000, { title: "Password reset email never arrives" });
    const later = report("r-2", NOW - 5_000, { title: "Please add a dark mode" });
    const plan = (title: string, reportId: string) =>
      planSplit({
        id: "s",
        newFeedbackId: "fb-9",
        feedback: { ...target, title },
        reports: [first, later],
        reportId,
        followers: [],
        by: "u",
        at: NOW,
      });
    const own = plan("Password reset email never arrives", "r-1");
    assert.deepEqual(own.ok && [own.value.newFeedback.title, own.value.remaining.retitle], [
      "Password reset email never arrives",
      { from: "Password reset email never arrives", to: "Please add a dark mode" },
    ]);
    const renamed = plan("Reset e-mails lost", "r-1");
    assert.equal(renamed.ok && renamed.value.remaining.retitle, undefined);
    const another = plan("Password reset email never arrives", "r-2");
    assert.equal(another.ok && another.value.remaining.retitle, undefined);
  });

  test("refuses the only report (cannot_split, saying so) and a report of another feedback (not_found)", () => {
    const plan = (reportId: string, list: ReportRecord[]) =>
      planSplit({ id: "s", newFeedbackId: "fb-9", feedback: target, reports: list, reportId, followers: [], by: "u", at: NOW });
    assert.deepEqual(plan("r-1", [reports[0]!]), { ok: false, code: "cannot_split", refusal: { reason: "only_report", feedback: "ACME-1" } });
    assert.deepEqual(plan("r-7", reports), { ok: false, code: "not_found" });
  });
});

describe("the pairs a person separated", () => {
  test("a dismissal keeps the pair newer first, whichever way it was named", () => {
    const expected = { orgId: "org", appId: "app", feedbackId: "fb-2", similarId: "fb-1", at: NOW, by: "u" };
    assert.deepEqual(dismissalOf({ orgId: "org", appId: "app" }, "fb-1", "fb-2", NOW, "u"), expected);
    assert.deepEqual(dismissalOf({ orgId: "org", appId: "app" }, "fb-2", "fb-1", NOW, "u"), expected);
  });

  test("an unmerged pair is dismissed, by whoever undid the merge, when they did", () => {
    const planned = planUnmerge({
      merge: merged(),
      source,
      target: { ...target, reports: 3 },
      targetReports: new Set(["r-1", "r-2", "r-3"]),
      holders: [],
      at: NOW + 1,
      by: "user-2",
    });
    assert.ok(planned.ok);
    assert.deepEqual(dismissalAfterUnmerge(planned.value), {
      orgId: "org",
      appId: "app",
      feedbackId: "fb-2",
      similarId: "fb-1",
      at: NOW + 1,
      by: "user-2",
    });
  });

  test("a split pair is dismissed: the new feedback and the one its report left", () => {
    const reports = [report("r-1", NOW - 9_000), report("r-2", NOW - 5_000)];
    const split = planSplit({ id: "s", newFeedbackId: "fb-9", feedback: target, reports, reportId: "r-2", followers: [], by: "u", at: NOW });
    assert.ok(split.ok);
    assert.deepEqual(dismissalAfterSplit(split.value), { orgId: "org", appId: "app", feedbackId: "fb-9", similarId: "fb-1", at: NOW, by: "u" });
  });
});

describe("decideGrouping", () => {
  const matches = [
    { id: "sure", score: 0.5, same: true, matched: ["export"] },
    { id: "maybe", score: 0.3, same: false, matched: ["export"] },
  ];

  test("auto merges the best sure match older than the feedback (ids are time-ordered), before a closer newer one", () => {
    const sure = [
      { id: "fb-8", score: 0.9, same: true, matched: ["export"] },
      { id: "fb-3", score: 0.7, same: true, matched: ["export"] },
      { id: "fb-2", score: 0.6, same: true, matched: ["export"] },
      { id: "fb-1", score: 0.3, same: false, matched: ["export"] },
    ];
    assert.deepEqual(decideGrouping("auto", sure, new Set(), "fb-5"), { merge: sure[1], suggest: [sure[0], sure[2], sure[3]] });
    assert.deepEqual(decideGrouping("auto", sure.slice(0, 1), new Set(), "fb-5").merge, sure[0]);
  });

  test("auto merges the best sure match and suggests the rest; review only suggests", () => {
    assert.deepEqual(decideGrouping("auto", matches, new Set(), "fb-9"), { merge: matches[0], suggest: [matches[1]] });
    assert.deepEqual(decideGrouping("review", matches, new Set(), "fb-9"), { merge: null, suggest: matches });
  });

  test("a pair a person dismissed is neither merged nor suggested", () => {
    assert.deepEqual(decideGrouping("auto", matches, new Set(["sure"]), "fb-9"), { merge: null, suggest: [matches[1]] });
  });
});

describe("merge", () => {
  /** The store methods a merge names, over two feedbacks; `stale` makes the first write find changed counts. */
  function fakeMergeStore(stale: boolean) {
    const written: Array<{ merge: MergeRecord; events: readonly DomainEvent[] }> = [];
    let refusals = stale ? 1 : 0;
    return {
      written,
      deps: {
        clock: () => NOW,
        ids: { id: () => `id-${written.length}-${refusals}`, secret: () => "s" },
        store: {
          findFeedback: async (_orgId: string, id: string) => [source, target].find((f) => f.id === id) ?? null,
          listReports: async (id: string) => (id === source.id ? [report("r-3", NOW - 2_000)] : []),
          listFollowers: async () => [],
          applyMerge: async (merge: MergeRecord, events: readonly DomainEvent[]) => {
            if (refusals-- > 0) return false;
            written.push({ merge, events });
            return true;
          },
        },
      },
    };
  }

  test("writes the merge with its feedback.merged event about the feedback that answers", async () => {
    const fake = fakeMergeStore(false);
    const done = await mergeInto(fake.deps, source, target, null, 0.42);
    assert.ok(done.ok);
    const [write] = fake.written;
    assert.equal(write?.merge.score, 0.42);
    assert.deepEqual(
      write?.events.map((e) => [e.type, e.feedbackId, "relatedId" in e && e.relatedId]),
      [["feedback.merged", target.id, source.id]],
    );
  });

  test("a write refused on changed counts is planned again from a fresh read", async () => {
    const fake = fakeMergeStore(true);
    assert.ok((await mergeInto(fake.deps, source, target, "user-1", null)).ok);
    assert.equal(fake.written.length, 1);
  });
});

describe("taking back a merge", () => {
  /** `source` merged into `target` by `merged()` (standing, unless another merge is), over the fake feedbacks; the unmerges written are recorded. */
  function fakeUnmerges(standing: MergeRecord | null = merged()) {
    const fake = fakeFeedbacks({ ...target, reports: 3 }, standing ? { ...source, mergedInto: target.id } : source);
    const written: Unmerge[] = [];
    const store = {
      ...fake.deps.store,
      listReports: async (id: string) => (id === target.id ? ["r-1", "r-2", "r-3"].map((r) => report(r, NOW - 5_000)) : []),
      holdersOf: async () => new Map<string, string>(),
      findMerge: async () => standing,
      applyUnmerge: async (unmerge: Unmerge) => {
        written.push(unmerge);
        return true;
      },
    };
    return { written, deps: { ...fake.deps, store } };
  }
  const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };

  test("the Undo of a merge's notice takes back the merge it names as a wrong click: no dismissal, the pair waits for review again", async () => {
    const fake = fakeUnmerges();
    assert.deepEqual(await unmergeFeedback(fake.deps, member, "ACME-2", "m-1").then((r) => r.ok && r.value.key), "ACME-2");
    assert.deepEqual(
      fake.written.map((u) => [u.merge.id, u.dismisses, dismissalAfterUnmerge(u)]),
      [["m-1", false, null]],
    );
  });

  test("an unmerge separates the two for good: the pair is dismissed", async () => {
    const fake = fakeUnmerges();
    assert.ok((await unmergeFeedback(fake.deps, member, "ACME-2")).ok);
    assert.deepEqual(
      fake.written.map((u) => [u.merge.id, u.dismisses]),
      [["m-1", true]],
    );
  });

  test("an Undo naming a merge undone already is refused as naming a merge undone, and writes nothing", async () => {
    const fake = fakeUnmerges(null);
    assert.deepEqual(await unmergeFeedback(fake.deps, member, "ACME-2", "m-1"), {
      ok: false,
      code: "cannot_unmerge",
      refusal: { reason: "merge_undone", feedback: "ACME-2" },
    });
    assert.deepEqual(fake.written, []);
  });

  test("an Undo naming a merge undone already, the feedback merged again since, is refused as naming a merge undone, saying it was merged again, and writes nothing", async () => {
    const fake = fakeUnmerges({ ...merged(), id: "m-2" });
    assert.deepEqual(await unmergeFeedback(fake.deps, member, "ACME-2", "m-1"), {
      ok: false,
      code: "cannot_unmerge",
      refusal: { reason: "merge_undone", feedback: "ACME-2", mergedAgain: true },
    });
    assert.deepEqual(fake.written, []);
  });
});

describe("taking back 'Not duplicates'", () => {
  /**
   * Two feedbacks of the organization (`target` older) and a third, one of another, `source` merged into
   * `mergedInto` if given; the pairs taken back are recorded, each as dismissed unless `dismissed` is false.
   */
  function fakeDecisions(mergedInto?: string, dismissed = true) {
    const elsewhere = feedbackRecord({ id: "fb-7", orgId: "other-org", key: "ELSE-1" });
    const third = feedbackRecord({ id: "fb-3", key: "ACME-3" });
    const records = [target, mergedInto ? { ...source, mergedInto } : source, third, elsewhere];
    const undone: string[][] = [];
    const store = {
      findFeedback: async (orgId: string, keyOrId: string) =>
        records.find((f) => f.orgId === orgId && (f.id === keyOrId || f.key === keyOrId)) ?? null,
      undismissPair: async (orgId: string, a: string, b: string) => {
        undone.push([orgId, a, b]);
        return dismissed;
      },
    };
    return { undone, deps: { store } };
  }
  const as = (role: "admin" | "member" | "reader") => ({ ...tokenGrant(role, ["feedbacks:read", "feedbacks:write"]), orgId: "org" });

  test("a Member takes the decision back by the feedbacks' keys: the pair waits for review again", async () => {
    const fake = fakeDecisions();
    assert.deepEqual(await undismissSuggestion(fake.deps, as("member"), "ACME-2", "ACME-1"), { ok: true, value: "restored" });
    assert.deepEqual(fake.undone, [["org", source.id, target.id]]);
  });

  test("a Reader may not, as a Reader may not dismiss: forbidden, and nothing is taken back", async () => {
    const fake = fakeDecisions();
    assert.deepEqual(await undismissSuggestion(fake.deps, as("reader"), "ACME-2", "ACME-1"), { ok: false, code: "forbidden" });
    assert.deepEqual(fake.undone, []);
  });

  test("a feedback of another organization is not found, and nothing is taken back", async () => {
    const fake = fakeDecisions();
    assert.deepEqual(await undismissSuggestion(fake.deps, as("admin"), "ACME-2", "ELSE-1"), { ok: false, code: "not_found" });
    assert.deepEqual(fake.undone, []);
  });

  test("two merged meanwhile are one feedback: nothing to take back, and the answer says so", async () => {
    const fake = fakeDecisions(target.id);
    assert.deepEqual(await undismissSuggestion(fake.deps, as("member"), "ACME-2", "ACME-1"), { ok: true, value: "one_feedback" });
    assert.deepEqual(fake.undone, []);
  });

  test("a pair not dismissed (never, or taken back already) has nothing to take back, and the answer says so", async () => {
    const fake = fakeDecisions(undefined, false);
    assert.deepEqual(await undismissSuggestion(fake.deps, as("member"), "ACME-2", "ACME-1"), { ok: true, value: "not_dismissed" });
  });

  test("one merged into a third since: the decision is taken back as recorded, on the two named, whose pair waits as the third's", async () => {
    const fake = fakeDecisions("fb-3");
    assert.deepEqual(await undismissSuggestion(fake.deps, as("member"), "ACME-2", "ACME-1"), { ok: true, value: "restored" });
    assert.deepEqual(fake.undone, [["org", source.id, target.id]]);
  });
});

describe("the review queue's order", () => {
  const pair = (feedbackId: string, similarId: string, sure = false) => ({ feedbackId, similarId, sure });
  const order = (pairs: ReturnType<typeof pair>[]) => reviewOrder(pairs).map(({ pair: p, closest }) => [`${p.feedbackId}~${p.similarId}`, closest]);

  test("pairs whose feedbacks are each the other's closest come first; a feedback alike to many does not fill the top", () => {
    // fb-9 is alike to much (a template's words): its pairs score best, but only its closest is closest both ways.
    const mostAlikeFirst = [pair("fb-9", "fb-1"), pair("fb-9", "fb-2"), pair("fb-9", "fb-3"), pair("fb-5", "fb-4"), pair("fb-6", "fb-2")];
    assert.deepEqual(order(mostAlikeFirst), [
      ["fb-9~fb-1", true],
      ["fb-5~fb-4", true],
      ["fb-9~fb-2", false],
      ["fb-9~fb-3", false],
      ["fb-6~fb-2", false],
    ]);
  });

  test("in each part, sure duplicates before pairs only alike, each part most alike first", () => {
    const mostAlikeFirst = [pair("fb-2", "fb-1"), pair("fb-3", "fb-1", true), pair("fb-4", "fb-1"), pair("fb-6", "fb-5"), pair("fb-7", "fb-5", true)];
    assert.deepEqual(order(mostAlikeFirst), [
      ["fb-2~fb-1", true],
      ["fb-6~fb-5", true],
      ["fb-3~fb-1", false],
      ["fb-7~fb-5", false],
      ["fb-4~fb-1", false],
    ]);
  });
});

describe("the review queue's count", () => {
  /** An organization whose queue holds `waiting` pairs, each of two feedbacks of its own. */
  function queueOf(waiting: number) {
    const feedbacks = new Map(
      Array.from({ length: 2 * waiting }, (_, i) => feedbackRecord({ id: `fb-${String(i).padStart(5, "0")}`, key: `ACME-${i + 1}` })).map((f) => [
        f.id,
        f,
      ]),
    );
    const suggestions = Array.from({ length: waiting }, (_, i) => ({
      orgId: "org",
      appId: "app",
      feedbackId: `fb-${String(2 * i + 1).padStart(5, "0")}`,
      similarId: `fb-${String(2 * i).padStart(5, "0")}`,
      score: 0.9 - i / 10_000,
      sure: false,
      matched: ["export"],
      at: NOW,
    }));
    return {
      baseUrl: "http://localhost",
      store: {
        listSuggestions: async (query: { limit: number }) => suggestions.slice(0, query.limit),
        findFeedback: async (_orgId: string, id: string) => feedbacks.get(id) ?? null,
        listReports: async () => [],
        listApps: async () => [],
        findFeature: async () => null,
        countFollowers: async () => new Map<string, number>(),
        findPublications: async () => new Map(),
        keyFrequencies: async () => new Map<string, number>(),
        countByStatus: async () => ({}),
      },
    };
  }
  const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };

  test("says how many pairs wait, beyond the 50 shown", async () => {
    const queue = await listSuggestions(queueOf(57), reader, null);
    assert.ok(queue.ok);
    assert.deepEqual([queue.value.pairs.length, queue.value.waiting, queue.value.countedAll], [50, 57, true]);
  });

  test("counts up to 1,000 pairs, and says when more than that wait", async () => {
    for (const [waiting, said] of [
      [1000, [1000, true]],
      [1001, [1000, false]],
    ] as const) {
      const queue = await listSuggestions(queueOf(waiting), reader, null);
      assert.ok(queue.ok);
      assert.deepEqual([queue.value.waiting, queue.value.countedAll], said);
    }
  });
});

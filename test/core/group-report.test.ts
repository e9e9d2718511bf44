import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { DomainEvent } from "../../core/feedback/events.ts";
import { groupReport } from "../../core/grouping/group-report.ts";
import { regroupFeedback } from "../../core/grouping/regroup-feedback.ts";
import type { Suggestion } from "../../core/grouping/decision.ts";
import type { MergeRecord } from "../../core/merges/merge.ts";
import type { FeedbackRecord, ReportRecord } from "../../core/model.ts";
import type { GroupingMatch } from "../../core/ports.ts";
import { feedbackRecord } from "./fake-feedbacks.ts";
import { NOW } from "./fake-organization.ts";

const older = feedbackRecord({ id: "fb-1", key: "ACME-1", createdAt: NOW - 9_000 });
const newer = feedbackRecord({ id: "fb-2", key: "ACME-2", title: "Export gives an empty page", createdAt: NOW - 1_000 });
const report = (feedbackId: string, message: string): ReportRecord => ({
  id: `r-${feedbackId}`,
  feedbackId,
  orgId: "org",
  appId: "app",
  source: "api",
  report: { kind: "problem", title: "t", message, author: {} },
  language: "en",
  conversation: [],
  statusId: "s",
  at: NOW,
});

/** The grouping job's store, grouper and assistant in memory; the grouper answers with `matches`. */
function setUp(
  matches: GroupingMatch[],
  options: {
    mode?: "auto" | "review";
    dismissed?: string[];
    feedback?: Partial<FeedbackRecord>;
    message?: string;
    /** Feedbacks as other jobs left them meanwhile. */
    meanwhile?: FeedbackRecord[];
    /** The reports the feedback holds, and the merges that brought some of them. */
    reports?: ReportRecord[];
    standing?: MergeRecord[];
  } = {},
) {
  const feedbacks = new Map([older, { ...newer, ...options.feedback }, ...(options.meanwhile ?? [])].map((f) => [f.id, f]));
  const merges: Array<{ merge: MergeRecord; events: readonly DomainEvent[] }> = [];
  const suggestions: Suggestion[] = [];
  const indexed: string[] = [];
  const triaged: string[] = [];
  const titledFrom: string[] = [];
  let next = 0;
  const deps = {
    clock: () => NOW,
    ids: { id: () => `id-${++next}`, secret: () => "s" },
    assistant: {
      triage: async () => ({}),
      writeTitle: async (r: { message: string }) => {
        titledFrom.push(r.message);
        return "A title";
      },
      qualify: async () => ({ status: "drop" as const, message: "" }),
    },
    grouper: { keys: () => ["w:export"], compare: async () => ({ matches }) },
    store: {
      findFeedback: async (_orgId: string, id: string) => feedbacks.get(id) ?? null,
      findApp: async () => ({ id: "app", orgId: "org", name: "Acme", kind: "web" as const, groupingMode: options.mode ?? "auto" }),
      listReports: async (id: string) => options.reports ?? [report(id, options.message ?? "The export to PDF gives an empty page")],
      listFeatures: async () => [],
      setTriage: async (_orgId: string, id: string) => void triaged.push(id),
      indexForGrouping: async (_appId: string, id: string) => void indexed.push(id),
      keyFrequencies: async () => new Map([["w:export", 2]]),
      groupingCandidates: async () => [{ id: older.id, text: "Exporting to PDF shows a blank page", own: true }],
      dismissedWith: async () => new Set(options.dismissed ?? []),
      saveSuggestions: async (list: readonly Suggestion[]) => void suggestions.push(...list),
      listFollowers: async () => [],
      listMerges: async () => options.standing ?? [],
      applyMerge: async (merge: MergeRecord, events: readonly DomainEvent[]) => {
        merges.push({ merge, events });
        return true;
      },
    },
  };
  return { deps, merges, suggestions, indexed, triaged, titledFrom };
}

const job = { kind: "group_report" as const, orgId: "org", feedbackId: newer.id };
const sure: GroupingMatch = { id: older.id, score: 0.6, same: true, matched: ["export", "pdf"] };
const maybe: GroupingMatch = { id: "fb-9", score: 0.25, same: false, matched: ["export"] };

describe("the grouping job", () => {
  test("in auto mode a sure duplicate is merged, the newer into the older, with feedback.merged; likely ones become suggestions", async () => {
    const run = setUp([sure, maybe]);
    await groupReport(run.deps, job);
    assert.deepEqual(
      run.merges.map(({ merge, events }) => [merge.sourceId, merge.targetId, merge.by, merge.score, events.map((e) => e.type)]),
      [[newer.id, older.id, null, 0.6, ["feedback.merged"]]],
    );
    assert.deepEqual(
      run.suggestions.map((s) => [s.feedbackId, s.similarId, s.score, s.matched]),
      [[newer.id, "fb-9", 0.25, ["export"]]],
    );
  });

  test("a sure duplicate merged meanwhile into another feedback: the new feedback is merged into that one", async () => {
    const oldest = feedbackRecord({ id: "fb-0", key: "ACME-0", createdAt: NOW - 20_000 });
    const run = setUp([sure], { meanwhile: [oldest, { ...older, mergedInto: oldest.id }] });
    await groupReport(run.deps, job);
    assert.deepEqual(
      run.merges.map(({ merge }) => [merge.sourceId, merge.targetId]),
      [[newer.id, oldest.id]],
    );
  });

  test("in review mode nothing is merged: every match waits as a suggestion", async () => {
    const run = setUp([sure, maybe], { mode: "review" });
    await groupReport(run.deps, job);
    assert.deepEqual(run.merges, []);
    assert.deepEqual(
      run.suggestions.map((s) => s.similarId),
      [older.id, "fb-9"],
    );
    assert.deepEqual(run.indexed, [newer.id]);
  });

  test("a pair a person dismissed is neither merged nor suggested", async () => {
    const run = setUp([sure], { dismissed: [older.id] });
    await groupReport(run.deps, job);
    assert.deepEqual([run.merges, run.suggestions, run.indexed], [[], [], [newer.id]]);
  });

  test("a feedback that is merged or closed is left alone; one of symbols only is not indexed", async () => {
    for (const feedback of [{ mergedInto: older.id }, { status: "dismissed" as const }]) {
      const run = setUp([sure], { feedback });
      await groupReport(run.deps, job);
      assert.deepEqual([run.merges, run.indexed], [[], []]);
    }
    const symbols = setUp([sure], { feedback: { title: "!!!" }, message: "?!? ### ***" });
    await groupReport(symbols.deps, job);
    assert.deepEqual([symbols.merges, symbols.indexed], [[], []]);
  });

  test("the assistant triages a new feedback, but not one a person triaged first (severity, owner or tags set by hand)", async () => {
    const fresh = setUp([]);
    await groupReport(fresh.deps, job);
    assert.deepEqual(fresh.triaged, [newer.id]);
    for (const feedback of [{ severity: "P1" as const }, { owner: "ann@acme.test" }, { tags: ["billing"] }]) {
      const run = setUp([], { feedback });
      await groupReport(run.deps, job);
      assert.deepEqual(run.triaged, [], JSON.stringify(feedback));
    }
  });

  test("the assistant titles a feedback from the report it was made from, though an older one was merged into it before the job ran", async () => {
    const untitled = (id: string, message: string, at: number): ReportRecord => ({
      ...report(newer.id, message),
      id,
      report: { kind: "problem", message, author: {} },
      at,
    });
    const merged = untitled("r-dan", "The refunds page stays blank on my tablet", NOW - 5_000);
    const own = untitled("r-ana", "Order 4471: the refunds page stays blank", NOW);
    const merge = { targetId: newer.id, reportIds: [merged.id], undone: null } as unknown as MergeRecord;
    const run = setUp([], { reports: [merged, own], standing: [merge] });
    await groupReport(run.deps, job);
    assert.deepEqual(run.titledFrom, [own.report.message]);
  });

  test("a store that fails while the job groups fails the job, to be retried, and leaves no failure unheard", async () => {
    const run = setUp([sure]);
    const failing = {
      ...run.deps,
      store: {
        ...run.deps.store,
        findApp: async () => Promise.reject(new Error("store unavailable")),
        indexForGrouping: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error("store busy");
        },
      },
    };
    const unheard: unknown[] = [];
    const listen = (reason: unknown) => void unheard.push(reason);
    process.on("unhandledRejection", listen);
    try {
      await assert.rejects(groupReport(failing, job), /store busy/);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off("unhandledRejection", listen);
    }
    assert.deepEqual(unheard, []);
  });
});

describe("grouping again after a change of kind", () => {
  const again = { kind: "regroup_feedback" as const, orgId: "org", feedbackId: newer.id };

  test("in an app in auto mode, a sure duplicate is suggested, not merged, and the assistant does not triage it again", async () => {
    const run = setUp([sure, maybe]);
    await regroupFeedback(run.deps, again);
    assert.deepEqual([run.merges, run.triaged, run.suggestions.map((s) => s.similarId)], [[], [], [older.id, "fb-9"]]);
  });

  test("a feedback merged or closed by then is left alone", async () => {
    for (const feedback of [{ mergedInto: older.id }, { status: "delivered" as const }]) {
      const run = setUp([sure], { feedback });
      await regroupFeedback(run.deps, again);
      assert.deepEqual([run.suggestions, run.indexed], [[], []], JSON.stringify(feedback));
    }
  });
});

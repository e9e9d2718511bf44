import { describe, expect, test } from "bun:test";
import { operatorGrant } from "../../../core/authorization.ts";
import type { DomainEvent } from "../../../core/feedback/events.ts";
import { mergeFeedbacks } from "../../../core/merges/merge-feedbacks.ts";
import { splitReport } from "../../../core/merges/split-report.ts";
import { unmergeFeedback } from "../../../core/merges/unmerge-feedback.ts";
import { MAX_FEEDBACK_WORDS } from "../../../core/feedback/search-words.ts";
import { planMerge, unmergedEvent } from "../../../core/merges/merge.ts";
import { planSplit, splitEvent, splitJob } from "../../../core/merges/split.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import type { AttachmentStore } from "../../../core/store/attachments.ts";
import type { CatalogStore } from "../../../core/store/catalog.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { GroupingStore } from "../../../core/store/grouping.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { PublicationStore } from "../../../core/store/publications.ts";
import type { ServiceSecretStore } from "../../../core/store/service-secret.ts";
import type { SuggestionStore } from "../../../core/store/suggestions.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit, type Seeding } from "./kit.ts";

/**
 * The role under test, and what its cases arrange and read with: some cases merge, split and
 * unmerge through the core's use cases, which also read what they answer with (the feedback as
 * presented).
 */
type Subject = MergeStore &
  Pick<AttachmentStore, "listAttachments"> &
  Pick<CatalogStore, "findApp" | "findFeature"> &
  Pick<
    FeedbackStore,
    | "applyStatusChange"
    | "countByStatus"
    | "findFeedback"
    | "findFeedbacks"
    | "findReportByStatusId"
    | "listComments"
    | "listFeedbacks"
    | "listReports"
  > &
  Pick<FollowerStore, "addFollower" | "countFollowers" | "listFollowers"> &
  Pick<JobQueue, "claimJob"> &
  Pick<OrganizationStore, "findOrganization"> &
  Pick<PublicationStore, "findPublications"> &
  Pick<ServiceSecretStore, "serviceSecret"> &
  Pick<SuggestionStore, "dismissedWith"> &
  Pick<GroupingStore, "setTriage"> &
  Pick<UserStore, "findUser"> &
  Seeding;

/** Merges, unmerges and splits: links that move reports, followers and counts, or write nothing. */
export function mergesContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, merge, planUndo, newFeedback } = contractKit();

  /** The split of the report that says `message` out of a feedback, planned on what the store holds now. */
  async function plannedSplit(store: Subject, orgId: string, feedbackId: string, message: string, at: number) {
    const reports = await store.listReports(feedbackId);
    const planned = planSplit({
      id: id("split"),
      newFeedbackId: id("fb"),
      feedback: (await store.findFeedback(orgId, feedbackId))!,
      reports,
      reportId: reports.find((r) => r.report.message === message)!.id,
      followers: [],
      by: "user-1",
      at,
    });
    if (!planned.ok) throw new Error(planned.code);
    return planned.value;
  }

  describe("merges", () => {
    test("a feedback holding reports from a rarer source (Slack) is listed and counted once, with the reports merged into it, in its organization alone", async () => {
      const store = await makeStore();
      const [org, other] = [await seed(store), await seed(store)];
      const fromSlack = async (on: typeof org, message: string, at: number) => {
        const made = newFeedback(on, message, at);
        const recorded = await store.recordFeedback({ ...made, report: { ...made.report, source: "slack" } });
        if (recorded.state !== "recorded") throw new Error(recorded.state);
        return recorded.feedback;
      };
      await record(store, org, "Sent from the API", 1);
      const holder = await fromSlack(org, "The export hangs", 2);
      const joined = await fromSlack(org, "The export hangs again", 3);
      const alone = await fromSlack(org, "Dark mode please", 4);
      await fromSlack(other, "Not this organization's", 5);
      await merge(store, joined, holder, 6);
      const listed = (await store.listFeedbacks(org.orgId, { statuses: ["triage"], source: "slack" }, null, 50)).map((f) => f.id);
      expect(listed.toSorted()).toEqual([holder.id, alone.id].toSorted());
      expect(await store.countByStatus(org.orgId, { source: "slack" })).toEqual({ triage: 2 });
      expect(await store.listFeedbacks(org.orgId, { statuses: ["triage"], source: "form" }, null, 10)).toEqual([]);
      expect(await store.countByStatus(org.orgId, { source: "form" })).toEqual({});
    });

    test("a merge moves reports, adds the followers the target lacks, keeps the latest activity, hides the source, and commits its event", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      await store.addFollower({ feedbackId: target.id, email: "both@x.io", language: "en" });
      await store.addFollower({ feedbackId: source.id, email: "both@x.io", language: "fr" });
      await store.addFollower({ feedbackId: source.id, email: "only-source@x.io", name: "Sam", language: "fr" });
      const merged = await merge(store, source, target, 6, "user-1");
      if (!merged.ok) throw new Error(merged.code);
      expect(merged.value).toMatchObject({ sourceId: source.id, targetId: target.id, by: "user-1", addedFollowers: ["only-source@x.io"] });
      expect((await store.listReports(target.id)).length).toBe(2);
      expect(await store.findFeedback(org.orgId, source.id)).toMatchObject({ mergedInto: target.id });
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"] }, null, 10)).map((f) => f.id)).toEqual([target.id]);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 2, lastActivityAt: 5 });
      expect((await store.listFollowers(target.id)).map((f) => [f.email, f.language]).sort()).toEqual([
        ["both@x.io", "en"],
        ["only-source@x.io", "fr"],
      ]);
      // The target answers a search for the source's words.
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["source"] }, null, 10)).map((f) => f.id)).toEqual([target.id]);
      expect(await store.findMerge(org.orgId, source.id)).toEqual(merged.value);
      expect(await store.listMerges(org.orgId, target.id)).toEqual([merged.value]);
      // A merged feedback merges no more.
      expect(await store.applyMerge({ ...merged.value, id: "again" }, [])).toBe(false);
    });

    test("a feedback is found by its first MAX_FEEDBACK_WORDS words: a merge adds the source's words up to there", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const words = Array.from({ length: MAX_FEEDBACK_WORDS - 2 }, (_, i) => `w${i}`).join(" ");
      // The key (its prefix and number) fills the last two places; the title is the report's text.
      const target = (await record(store, org, words, 1))!;
      const source = (await record(store, org, "source lateword", 5))!;
      expect((await merge(store, source, target, 6)).ok).toBe(true);
      const found = async (word: string) =>
        (await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: [word] }, null, 10)).map((f) => f.id);
      expect(await found("w997")).toEqual([target.id]);
      expect(await found("source")).toEqual([]);
      expect(await found("lateword")).toEqual([]);
    });

    test("a merge planned on stale counts writes nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      const third = (await record(store, org, "third", 7))!;
      // Planned while the target held one report; another merge gives it two before this one writes.
      const stale = planMerge({
        id: "stale",
        source: third,
        target,
        sourceReportIds: (await store.listReports(third.id)).map((r) => r.id),
        sourceFollowers: [],
        targetFollowers: [],
        by: null,
        score: null,
        at: 8,
      });
      if (!stale.ok) throw new Error(stale.code);
      expect((await merge(store, source, target, 6)).ok).toBe(true);
      expect(await store.applyMerge(stale.value, [])).toBe(false);
      expect((await store.findFeedback(org.orgId, third.id))?.mergedInto).toBeUndefined();
      expect((await store.listReports(third.id)).length).toBe(1);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 2 });
    });

    test("a merge, unmerge or split that crashes before it commits writes nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      /** Read last, as the write's final step: an event whose reading throws stands for a crash there. */
      const crash = Object.defineProperty({ type: "feedback.merged", id: id("e"), feedbackId: target.id, createdAt: 6 }, "orgId", {
        get: () => {
          throw new Error("crash");
        },
      }) as DomainEvent;
      const state = async () => ({
        source: await store.findFeedback(org.orgId, source.id),
        target: await store.findFeedback(org.orgId, target.id),
        reports: [(await store.listReports(source.id)).length, (await store.listReports(target.id)).length],
        merges: await store.listMerges(org.orgId, target.id),
      });
      const planned = planMerge({
        id: id("m"),
        source,
        target,
        sourceReportIds: (await store.listReports(source.id)).map((r) => r.id),
        sourceFollowers: [],
        targetFollowers: [],
        by: null,
        score: null,
        at: 6,
      });
      if (!planned.ok) throw new Error(planned.code);
      const before = await state();
      await expect(store.applyMerge(planned.value, [crash])).rejects.toThrow("crash");
      expect(await state()).toEqual(before);

      expect(await store.applyMerge(planned.value, [])).toBe(true);
      const merged = await state();
      const undo = await planUndo(store, org.orgId, planned.value, 7, null);
      if (!undo.ok) throw new Error(undo.code);
      await expect(store.applyUnmerge(undo.value, [crash])).rejects.toThrow("crash");
      expect(await state()).toEqual(merged);

      const reports = await store.listReports(target.id);
      const split = planSplit({
        id: id("split"),
        newFeedbackId: id("fb"),
        feedback: merged.target!,
        reports,
        reportId: reports[1]!.id,
        followers: [],
        by: "u",
        at: 8,
      });
      if (!split.ok) throw new Error(split.code);
      await expect(store.applySplit(split.value, [crash], [splitJob(split.value)])).rejects.toThrow("crash");
      expect(await state()).toEqual(merged);
      expect(await store.findFeedback(org.orgId, split.value.newFeedback.id)).toBeNull();
    });

    test("an unmerge restores the source exactly: reports, followers, status, search, and the target's counts; the pair is dismissed", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const source = (await record(store, org, "source", 5))!;
      await store.applyStatusChange({ orgId: org.orgId, feedbackId: source.id, from: "triage", to: "prioritized", at: 5, events: [], jobs: [] });
      await store.addFollower({ feedbackId: source.id, email: "only-source@x.io", language: "fr" });
      await store.addFollower({ feedbackId: target.id, email: "target@x.io", language: "en" });
      const merged = await merge(store, (await store.findFeedback(org.orgId, source.id))!, target, 6);
      if (!merged.ok) throw new Error(merged.code);
      const planned = await planUndo(store, org.orgId, merged.value, 8, "user-2");
      if (!planned.ok) throw new Error(planned.code);
      expect(await store.applyUnmerge(planned.value, [unmergedEvent(planned.value, id("e"))])).toBe(true);
      const restored = (await store.findFeedback(org.orgId, source.id))!;
      expect(restored.mergedInto).toBeUndefined();
      expect(restored).toMatchObject({ status: "prioritized", reports: 1, lastActivityAt: 5 });
      expect((await store.listReports(source.id)).map((r) => r.report.message)).toEqual(["source"]);
      expect((await store.listReports(target.id)).map((r) => r.report.message)).toEqual(["target"]);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 1, lastActivityAt: 1 });
      expect((await store.listFollowers(source.id)).map((f) => f.email)).toEqual(["only-source@x.io"]);
      expect((await store.listFollowers(target.id)).map((f) => f.email)).toEqual(["target@x.io"]);
      expect((await store.listFeedbacks(org.orgId, { statuses: ["prioritized"], words: ["source"] }, null, 10)).map((f) => f.id)).toEqual([
        source.id,
      ]);
      expect(await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["source"] }, null, 10)).toEqual([]);
      expect(await store.findMerge(org.orgId, source.id)).toBeNull();
      expect((await store.listMerges(org.orgId, source.id))[0]?.undone).toEqual({ at: 8, by: "user-2" });
      expect(await store.dismissedWith(org.orgId, target.id)).toEqual(new Set([source.id]));
      // Undone once: the same unmerge again writes nothing.
      expect(await store.applyUnmerge(planned.value, [])).toBe(false);
    });

    test("a split gives one report a new feedback with the next key and its follower; the feedback it leaves keeps the rest; the pair is dismissed", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const other = (await record(store, org, "other subject", 5))!;
      await store.addFollower({ feedbackId: other.id, email: "ann@x.io", language: "fr" });
      expect((await merge(store, other, target, 6)).ok).toBe(true);
      const holder = (await store.findFeedback(org.orgId, target.id))!;
      const reports = await store.listReports(target.id);
      const moved = reports.find((r) => r.report.message === "other subject")!;
      const planned = planSplit({
        id: id("split"),
        newFeedbackId: id("fb"),
        feedback: holder,
        reports: reports.map((r) => (r.id === moved.id ? { ...r, report: { ...r.report, author: { email: "ann@x.io" } } } : r)),
        reportId: moved.id,
        followers: ["ann@x.io"],
        by: "user-1",
        at: 9,
      });
      if (!planned.ok) throw new Error(planned.code);
      const created = await store.applySplit(planned.value, [splitEvent(planned.value, id("e"))], [splitJob(planned.value)]);
      expect(created).toMatchObject({ key: `${org.prefix}-3`, title: "other subject", status: "triage", reports: 1, lastActivityAt: 5 });
      expect((await store.listReports(created!.id)).map((r) => r.id)).toEqual([moved.id]);
      expect(await store.findFeedback(org.orgId, target.id)).toMatchObject({ reports: 1, lastActivityAt: 1 });
      expect((await store.listFollowers(created!.id)).map((f) => [f.email, f.language])).toEqual([["ann@x.io", "fr"]]);
      // Only the new feedback is found by the words of the report split off.
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["subject"] }, null, 10)).map((f) => f.id)).toEqual([created!.id]);
      expect(await store.listSplits(org.orgId, target.id)).toEqual([planned.value]);
      expect(await store.listSplits(org.orgId, created!.id)).toEqual([planned.value]);
      expect(await store.dismissedWith(org.orgId, target.id)).toEqual(new Set([created!.id]));
      // Planned on two reports, the feedback holds one now: the same split again writes nothing.
      expect(await store.applySplit({ ...planned.value, id: "again" }, [], [])).toBeNull();
    });

    test("after a split, a feedback is found by its reports' words oldest first, up to MAX_FEEDBACK_WORDS, whatever order they were stored in", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const words = (stem: string) => Array.from({ length: 600 }, (_, i) => `${stem}${i}`).join(" ");
      const holder = (await record(store, org, "target", 30))!;
      // Stored before the older one: the words of the oldest report must come first all the same.
      const middle = (await record(store, org, words("mid"), 20))!;
      const oldest = (await record(store, org, words("early"), 10))!;
      const leaving = (await record(store, org, "leaving subject", 40))!;
      for (const [source, at] of [
        [middle, 41],
        [oldest, 42],
        [leaving, 43],
      ] as const)
        expect((await merge(store, source, holder, at)).ok).toBe(true);
      expect(await store.applySplit(await plannedSplit(store, org.orgId, holder.id, "leaving subject", 50), [], [])).not.toBeNull();
      const found = async (word: string) =>
        (await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: [word] }, null, 10)).map((f) => f.id);
      expect(await found("early599")).toEqual([holder.id]);
      expect(await found("mid599")).toEqual([]);
    });

    test("a split queues the new feedback's grouping job with it, so it is triaged like a new one", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const target = (await record(store, org, "target", 1))!;
      const other = (await record(store, org, "other subject", 5))!;
      expect((await merge(store, other, target, 6)).ok).toBe(true);
      const planned = await plannedSplit(store, org.orgId, target.id, "other subject", 9);
      const created = (await store.applySplit(planned, [], [splitJob(planned)]))!;
      const queued: string[] = [];
      for (let job = await store.claimJob(100, 1_000, id("lease")); job; job = await store.claimJob(100, 1_000, id("lease"))) {
        if (job.request.kind === "group_report") queued.push(job.request.feedbackId);
      }
      expect(queued).toContain(created.id);
    });

    describe("an unmerge that would break the merge invariants is refused before anything is written", () => {
      /** A merges into B through the core's use case; the reports of each, by message. */
      async function mergedPair(store: Subject) {
        const org = await seed(store);
        const services = { store, clock: () => 20, ids: { id: () => id("x"), secret: () => "s" }, baseUrl: "http://localhost" };
        const grant = operatorGrant(org.orgId);
        const b = (await record(store, org, "b own report", 1))!;
        const a = (await record(store, org, "a report", 2))!;
        expect((await mergeFeedbacks(services, grant, a.key, b.key)).ok).toBe(true);
        const reportOf = async (message: string) => (await store.listReports(b.id)).find((r) => r.report.message === message)!.id;
        return { org, services, grant, a, b, own: await reportOf("b own report"), brought: await reportOf("a report") };
      }

      const holders = async (store: Subject, orgId: string, ...ids: string[]) =>
        Promise.all(
          ids.map(async (fid) => ({ feedback: await store.findFeedback(orgId, fid), reports: (await store.listReports(fid)).map((r) => r.id) })),
        );

      test("merge A into B, split B's own report out, unmerge A: refused, B would be left empty; B keeps A's report", async () => {
        const store = await makeStore();
        const { org, services, grant, a, b, own, brought } = await mergedPair(store);
        expect((await splitReport(services, grant, b.key, own)).ok).toBe(true);
        expect(await unmergeFeedback(services, grant, a.key)).toEqual({
          ok: false,
          code: "cannot_unmerge",
          refusal: { reason: "target_emptied", feedback: a.key, target: b.key },
        });
        const [holder, folded] = await holders(store, org.orgId, b.id, a.id);
        expect(holder).toMatchObject({ feedback: { reports: 1 }, reports: [brought] });
        expect(holder!.feedback!.mergedInto).toBeUndefined();
        expect(folded).toMatchObject({ feedback: { mergedInto: b.id }, reports: [] });
        expect(await store.findMerge(org.orgId, a.id)).not.toBeNull();
      });

      test("split B's own report out, the one its title came from: B takes the title of the report it keeps, and is found by it", async () => {
        const store = await makeStore();
        const { org, services, grant, b, own } = await mergedPair(store);
        const split = await splitReport(services, grant, b.key, own);
        expect(split.ok && split.value.title).toBe("b own report");
        expect((await store.findFeedback(org.orgId, b.id))!.title).toBe("a report");
        const found = async (word: string) =>
          (await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: [word] }, null, 10)).map((f) => f.key);
        expect([await found("own"), await found("report")]).toEqual([[split.ok && split.value.key], expect.arrayContaining([b.key])]);
      });

      test("a title renamed while the split of the report it came from was planned stays: the split takes it over only if unchanged", async () => {
        const store = await makeStore();
        const { org, b } = await mergedPair(store);
        const planned = await plannedSplit(store, org.orgId, b.id, "b own report", 30);
        expect(planned.remaining.retitle).toEqual({ from: "b own report", to: "a report" });
        await store.setTriage(org.orgId, b.id, { title: "Renamed by Ann" });
        expect(await store.applySplit(planned, [], [])).not.toBeNull();
        expect((await store.findFeedback(org.orgId, b.id))!.title).toBe("Renamed by Ann");
      });

      test("merge A into B, split A's report out of B, unmerge A: refused, the report it brought left B; nothing moves", async () => {
        const store = await makeStore();
        const { org, services, grant, a, b, own, brought } = await mergedPair(store);
        const split = await splitReport(services, grant, b.key, brought);
        if (!split.ok) throw new Error(split.code);
        expect(await unmergeFeedback(services, grant, a.key)).toEqual({
          ok: false,
          code: "cannot_unmerge",
          refusal: { reason: "reports_left", feedback: a.key, target: b.key, count: 1, holders: [split.value.key] },
        });
        const [holder, alone] = await holders(store, org.orgId, b.id, split.value.id);
        expect(holder).toMatchObject({ feedback: { reports: 1 }, reports: [own] });
        expect(alone).toMatchObject({ feedback: { reports: 1 }, reports: [brought] });
        // Merged back into B, the report is there again: A unmerges with it.
        expect((await mergeFeedbacks(services, grant, split.value.key, b.key)).ok).toBe(true);
        expect(await unmergeFeedback(services, grant, a.key)).toMatchObject({ ok: true, value: { key: a.key, reports: 1 } });
        expect((await store.listReports(a.id)).map((r) => r.id)).toEqual([brought]);
      });

      test("split A's report out of B into C, merge C into B, unmerge A: C's unmerge is refused, naming A, which took the report back", async () => {
        const store = await makeStore();
        const { org, services, grant, a, b, brought } = await mergedPair(store);
        const split = await splitReport(services, grant, b.key, brought);
        if (!split.ok) throw new Error(split.code);
        expect((await mergeFeedbacks(services, grant, split.value.key, b.key)).ok).toBe(true);
        expect((await unmergeFeedback(services, grant, a.key)).ok).toBe(true);
        expect(await unmergeFeedback(services, grant, split.value.key)).toEqual({
          ok: false,
          code: "cannot_unmerge",
          refusal: { reason: "reports_left", feedback: split.value.key, target: b.key, count: 1, holders: [a.key] },
        });
        expect(await store.holdersOf(org.orgId, [brought])).toEqual(new Map([[brought, a.key]]));
      });

      test("holdersOf names, in one read, the feedback holding each report now; a report of another organization, or none, is left out", async () => {
        const store = await makeStore();
        const { org, services, grant, b, own, brought } = await mergedPair(store);
        const split = await splitReport(services, grant, b.key, brought);
        if (!split.ok) throw new Error(split.code);
        const elsewhere = (await record(store, await seed(store), "another organization's report", 3))!;
        const [theirs] = await store.listReports(elsewhere.id);
        expect(await store.holdersOf(org.orgId, [own, brought, theirs!.id, id("report")])).toEqual(
          new Map([
            [own, b.key],
            [brought, split.value.key],
          ]),
        );
      });

      test("an unmerge planned before a split of a report it would move writes nothing", async () => {
        const store = await makeStore();
        const { org, services, grant, b, brought } = await mergedPair(store);
        const stale = await planUndo(store, org.orgId, (await store.listMerges(org.orgId, b.id))[0]!, 21, null);
        if (!stale.ok) throw new Error(stale.code);
        expect((await splitReport(services, grant, b.key, brought)).ok).toBe(true);
        // A report arrives at B meanwhile, so its count is as planned again: the reports it holds still decide.
        const other = (await record(store, org, "another", 22))!;
        expect((await mergeFeedbacks(services, grant, other.key, b.key)).ok).toBe(true);
        const count = (await store.findFeedback(org.orgId, b.id))!.reports;
        expect(await store.applyUnmerge({ ...stale.value, expectedReports: count }, [])).toBe(false);
        expect((await store.findFeedback(org.orgId, b.id))!.reports).toBe(count);
      });
    });
  });
}

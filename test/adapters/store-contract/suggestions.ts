import { describe, expect, test } from "bun:test";
import { SUBJECT_KINDS } from "../../../core/grouping/candidates.ts";
import { statusesOf } from "../../../core/feedback/status.ts";
import type { SuggestionStore } from "../../../core/store/suggestions.ts";
import type { FeedbackRecord } from "../../../core/model.ts";
import type { Status } from "../../../core/schemas/feedback.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = SuggestionStore &
  Pick<FeedbackStore, "findFeedback" | "listReports" | "applyStatusChange"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<MergeStore, "applyMerge" | "applyUnmerge" | "holdersOf"> &
  Seeding;

/** Suggestions: pairs left for a person, and the pairs dismissed. */
export function suggestionsContract(makeStore: () => Promise<Subject>) {
  const { seed, record, recordPraise, merge, planUndo } = contractKit();
  /** The ten best undecided suggestions of the organization (or one app), kinds grouped as grouping groups them. */
  const list = (store: Subject, orgId: string, appId: string | null, limit = 10) =>
    store.listSuggestions({ orgId, appId, limit, kinds: SUBJECT_KINDS, closed: statusesOf("closed") });

  /** A suggestion in the organization's app: `feedbackId` found alike to `similarId`. */
  const suggested = (org: { orgId: string; appId: string }, feedbackId: string, similarId: string, score: number, sure = false) => ({
    orgId: org.orgId,
    appId: org.appId,
    feedbackId,
    similarId,
    score,
    sure,
    matched: ["checkout"],
    at: 4,
  });

  describe("suggestions", () => {
    test("suggestions: one per pair whoever found it, best first, without merged feedbacks or dismissed pairs", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "a", 1))!;
      const b = (await record(store, org, "b", 2))!;
      const c = (await record(store, org, "c", 3))!;
      const suggestion = (feedbackId: string, similarId: string, score: number, at: number) => ({
        orgId: org.orgId,
        appId: org.appId,
        feedbackId,
        similarId,
        score,
        sure: false,
        matched: ["export"],
        at,
      });
      await store.saveSuggestions([suggestion(b.id, a.id, 0.3, 4), suggestion(c.id, a.id, 0.25, 4)]);
      // Found again from the other side, with a new score: still one pair.
      await store.saveSuggestions([suggestion(a.id, b.id, 0.32, 5)]);
      expect(await list(store, org.orgId, null)).toEqual([suggestion(b.id, a.id, 0.32, 5), suggestion(c.id, a.id, 0.25, 4)]);
      expect(await list(store, org.orgId, "another-app")).toEqual([]);
      await store.dismissPair(org.orgId, a.id, c.id, 6, "user-1");
      expect((await list(store, org.orgId, org.appId)).map((s) => s.feedbackId)).toEqual([b.id]);
      // A dismissed pair stays dismissed when grouping finds it again.
      await store.saveSuggestions([suggestion(c.id, a.id, 0.5, 7)]);
      expect(await store.dismissedWith(org.orgId, a.id)).toEqual(new Set([c.id]));
      expect((await list(store, org.orgId, org.appId)).map((s) => s.feedbackId)).toEqual([b.id]);
      expect((await merge(store, b, a, 8)).ok).toBe(true);
      expect(await list(store, org.orgId, null)).toEqual([]);
    });

    test("a dismissal taken back puts the suggested pair back in the list, with its score and words, and grouping may score it again", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "a", 1))!;
      const b = (await record(store, org, "b", 2))!;
      await store.saveSuggestions([suggested(org, b.id, a.id, 0.4, true)]);
      await store.dismissPair(org.orgId, a.id, b.id, 5, "user-1");
      expect(await list(store, org.orgId, null)).toEqual([]);
      // Named either way round, as a dismissal is.
      expect(await store.undismissPair(org.orgId, b.id, a.id)).toBe(true);
      expect(await list(store, org.orgId, null)).toEqual([suggested(org, b.id, a.id, 0.4, true)]);
      expect(await store.dismissedWith(org.orgId, a.id)).toEqual(new Set());
      await store.saveSuggestions([suggested(org, b.id, a.id, 0.6)]);
      expect((await list(store, org.orgId, null)).map((s) => s.score)).toEqual([0.6]);
    });

    test("the pairs of one feedback, on either side, are listed as the queue lists them: best first, the same left out, `limit` at most", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "Checkout fails", 1))!;
      const b = (await record(store, org, "Checkout breaks", 2))!;
      const c = (await record(store, org, "Checkout stops", 3))!;
      const d = (await record(store, org, "Checkout hangs", 4))!;
      const praise = (await recordPraise(store, org, "Love the checkout", 5))!;
      const other = (await record(store, org, "Invoices fail", 6))!;
      const pair = (feedbackId: string, similarId: string, score: number) => suggested(org, feedbackId, similarId, score);
      await store.saveSuggestions([
        pair(b.id, a.id, 0.4),
        pair(c.id, b.id, 0.2),
        pair(d.id, b.id, 0.3),
        pair(praise.id, b.id, 0.9),
        pair(other.id, a.id, 0.8),
      ]);
      const of = (feedbackId: string, limit = 10) =>
        store.listSuggestions({ orgId: org.orgId, appId: org.appId, feedbackId, limit, kinds: SUBJECT_KINDS, closed: statusesOf("closed") });
      expect(await of(b.id)).toEqual([pair(b.id, a.id, 0.4), pair(d.id, b.id, 0.3), pair(c.id, b.id, 0.2)]);
      expect(await of(b.id, 2)).toEqual([pair(b.id, a.id, 0.4), pair(d.id, b.id, 0.3)]);
      await store.dismissPair(org.orgId, d.id, b.id, 7, "user-1");
      expect((await merge(store, c, a, 8)).ok).toBe(true);
      expect(await of(b.id)).toEqual([pair(b.id, a.id, 0.4)]);
      expect(
        await store.listSuggestions({ orgId: "another-org", appId: null, feedbackId: b.id, limit: 10, kinds: SUBJECT_KINDS, closed: [] }),
      ).toEqual([]);
    });

    test("a dismissal taken back after one of the two was merged puts the pair back as the feedback holding it and the other", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const c = (await record(store, org, "c", 1))!;
      const a = (await record(store, org, "a", 2))!;
      const b = (await record(store, org, "b", 3))!;
      await store.saveSuggestions([suggested(org, b.id, a.id, 0.4)]);
      await store.dismissPair(org.orgId, b.id, a.id, 5, "user-1");
      expect((await merge(store, a, c, 6)).ok).toBe(true);
      await store.undismissPair(org.orgId, b.id, a.id);
      expect(await list(store, org.orgId, null)).toEqual([suggested(org, b.id, c.id, 0.4)]);
    });

    test("a dismissal of a pair never suggested, taken back, leaves it undecided and out of the list", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "a", 1))!;
      const b = (await record(store, org, "b", 2))!;
      await store.dismissPair(org.orgId, b.id, a.id, 5, "user-1");
      await store.undismissPair(org.orgId, a.id, b.id);
      expect(await store.dismissedWith(org.orgId, b.id)).toEqual(new Set());
      expect(await list(store, org.orgId, null)).toEqual([]);
      // Undecided: grouping may suggest it.
      await store.saveSuggestions([suggested(org, b.id, a.id, 0.3)]);
      expect(await list(store, org.orgId, null)).toEqual([suggested(org, b.id, a.id, 0.3)]);
    });

    test("a pair with no dismissal to take back (never dismissed, or taken back already) answers so, and stays as it was", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "a", 1))!;
      const b = (await record(store, org, "b", 2))!;
      const c = (await record(store, org, "c", 3))!;
      await store.saveSuggestions([suggested(org, b.id, a.id, 0.4)]);
      expect(await store.undismissPair(org.orgId, b.id, a.id)).toBe(false);
      expect(await store.undismissPair(org.orgId, c.id, a.id)).toBe(false);
      await store.dismissPair(org.orgId, c.id, a.id, 5, "user-1");
      expect(await store.undismissPair(org.orgId, a.id, c.id)).toBe(true);
      expect(await store.undismissPair(org.orgId, a.id, c.id)).toBe(false);
      expect(await list(store, org.orgId, null)).toEqual([suggested(org, b.id, a.id, 0.4)]);
    });

    test("a dismissal is taken back only in its own organization", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const a = (await record(store, org, "a", 1))!;
      const b = (await record(store, org, "b", 2))!;
      await store.saveSuggestions([suggested(org, b.id, a.id, 0.4)]);
      await store.dismissPair(org.orgId, a.id, b.id, 5, "user-1");
      await store.undismissPair(other.orgId, a.id, b.id);
      expect(await store.dismissedWith(org.orgId, a.id)).toEqual(new Set([b.id]));
      expect(await list(store, org.orgId, null)).toEqual([]);
    });

    test("a pair keeps whether grouping found it one subject (sure); found again, it takes what grouping says then", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const a = (await record(store, org, "a", 1))!;
      const b = (await record(store, org, "b", 2))!;
      await store.saveSuggestions([suggested(org, b.id, a.id, 0.9, true)]);
      expect((await list(store, org.orgId, null)).map((s) => [s.score, s.sure])).toEqual([[0.9, true]]);
      await store.saveSuggestions([suggested(org, a.id, b.id, 0.2, false)]);
      expect((await list(store, org.orgId, null)).map((s) => [s.score, s.sure])).toEqual([[0.2, false]]);
    });

    test("pairs of equal score are listed by feedback, then by the other feedback, newest id first, a page after another alike", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const newest = (await record(store, org, "Checkout freezes", 20))!;
      const others = await Promise.all([1, 2, 3, 4, 5, 6].map(async (at) => (await record(store, org, `Checkout freeze ${at}`, at))!));
      await store.saveSuggestions(
        others.map((o) => ({
          orgId: org.orgId,
          appId: org.appId,
          feedbackId: newest.id,
          similarId: o.id,
          score: 0.4,
          sure: false,
          matched: ["checkout"],
          at: 21,
        })),
      );
      const all = (await list(store, org.orgId, null)).map((s) => [s.feedbackId, s.similarId]);
      expect(all).toEqual([...all].sort(([a1, b1], [a2, b2]) => (a1 === a2 ? (b1! < b2! ? 1 : -1) : a1! < a2! ? 1 : -1)));
      expect((await list(store, org.orgId, null, 2)).map((s) => [s.feedbackId, s.similarId])).toEqual(all.slice(0, 2));
    });

    test("a pair is listed only while its feedbacks' kinds are in one group, and pairs left out take no place in the page, however many", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const problem = (await record(store, org, "The checkout button does nothing", 1))!;
      const praise = (await recordPraise(store, org, "Love the new checkout", 2))!;
      const other = (await record(store, org, "Checkout does nothing on click", 3))!;
      const praises = await Promise.all(
        [5, 6, 7, 8, 9, 10, 11, 12].map(async (at) => (await recordPraise(store, org, `Checkout praise ${at}`, at))!),
      );
      const pair = (feedbackId: string, similarId: string, score: number) => suggested(org, feedbackId, similarId, score);
      // The pairs across groups score best: left out before the page is counted, the next one is listed.
      await store.saveSuggestions([
        pair(praise.id, problem.id, 0.9),
        ...praises.map((p, i) => pair(p.id, problem.id, 0.8 - i / 100)),
        pair(other.id, problem.id, 0.5),
      ]);
      expect((await list(store, org.orgId, null, 1)).map((s) => s.feedbackId)).toEqual([other.id]);
      const oneGroup = await store.listSuggestions({ orgId: org.orgId, appId: null, limit: 2, kinds: [["problem", "praise"]], closed: [] });
      expect(oneGroup.map((s) => s.feedbackId)).toEqual([praise.id, praises[0]!.id]);
    });

    describe("a merged feedback's waiting pairs", () => {
      /** Undoes the merge of `merged` into `merged.value.targetId`, as the core's unmerge writes it. */
      async function unmerge(store: Subject, orgId: string, merged: Awaited<ReturnType<typeof merge>>, at: number) {
        if (!merged.ok) throw new Error(merged.code);
        const undo = await planUndo(store, orgId, merged.value, at, "user-1");
        if (!undo.ok) throw new Error(undo.code);
        expect(await store.applyUnmerge(undo.value, [])).toBe(true);
      }

      test("answer for the feedback it went into, with their score, verdict and words, and are its own again once it is unmerged", async () => {
        const store = await makeStore();
        const org = await seed(store);
        const a = (await record(store, org, "Export fails", 1))!;
        const b = (await record(store, org, "Export breaks", 2))!;
        const c = (await record(store, org, "Export stops", 3))!;
        const pair = (feedbackId: string, similarId: string, score: number, sure = false) => suggested(org, feedbackId, similarId, score, sure);
        await store.saveSuggestions([pair(c.id, b.id, 0.4, true)]);
        const merged = await merge(store, b, a, 5);
        expect(merged.ok).toBe(true);
        // B alike to C still stands: C may duplicate A, which holds B now.
        expect(await list(store, org.orgId, null)).toEqual([pair(c.id, a.id, 0.4, true)]);
        const of = (feedbackId: string) =>
          store.listSuggestions({ orgId: org.orgId, appId: org.appId, feedbackId, limit: 10, kinds: SUBJECT_KINDS, closed: statusesOf("closed") });
        expect(await of(a.id)).toEqual([pair(c.id, a.id, 0.4, true)]);
        expect(await of(c.id)).toEqual([pair(c.id, a.id, 0.4, true)]);
        await unmerge(store, org.orgId, merged, 6);
        expect(await list(store, org.orgId, null)).toEqual([pair(c.id, b.id, 0.4, true)]);
        expect(await of(a.id)).toEqual([]);
      });

      test("an unmerge that records no dismissal (a merge's Undo) leaves the merged pair waiting as it was, with its score and verdict", async () => {
        const store = await makeStore();
        const org = await seed(store);
        const older = (await record(store, org, "Export fails", 1))!;
        const newer = (await record(store, org, "Export breaks", 2))!;
        const waiting = suggested(org, newer.id, older.id, 0.84, true);
        await store.saveSuggestions([waiting]);
        const merged = await merge(store, newer, older, 5);
        if (!merged.ok) throw new Error(merged.code);
        expect(await list(store, org.orgId, null)).toEqual([]);
        const undo = await planUndo(store, org.orgId, merged.value, 6, "user-1");
        if (!undo.ok) throw new Error(undo.code);
        expect(await store.applyUnmerge({ ...undo.value, dismisses: false }, [])).toBe(true);
        expect(await list(store, org.orgId, null)).toEqual([waiting]);
        expect(await store.dismissedWith(org.orgId, older.id)).toEqual(new Set());
      });

      test("answering for a pair that waits already, the most alike stands; none is of a feedback with itself, and those left out take no place in the page", async () => {
        const store = await makeStore();
        const org = await seed(store);
        const [a, b, c, d] = [
          (await record(store, org, "Export fails", 1))!,
          (await record(store, org, "Export breaks", 2))!,
          (await record(store, org, "Export stops", 3))!,
          (await record(store, org, "Export hangs", 4))!,
        ];
        const pair = (feedbackId: string, similarId: string, score: number) => suggested(org, feedbackId, similarId, score);
        await store.saveSuggestions([
          pair(b.id, a.id, 0.9),
          pair(c.id, a.id, 0.3),
          pair(c.id, b.id, 0.5),
          pair(d.id, a.id, 0.6),
          pair(d.id, b.id, 0.2),
        ]);
        expect((await merge(store, b, a, 5)).ok).toBe(true);
        expect(await list(store, org.orgId, null)).toEqual([pair(d.id, a.id, 0.6), pair(c.id, a.id, 0.5)]);
        expect(await list(store, org.orgId, null, 1)).toEqual([pair(d.id, a.id, 0.6)]);
      });

      test("a pair a person dismissed stays dismissed, whatever pair answers for it; taken back, the carried pair waits again", async () => {
        const store = await makeStore();
        const org = await seed(store);
        const [a, b, c] = [
          (await record(store, org, "Export fails", 1))!,
          (await record(store, org, "Export breaks", 2))!,
          (await record(store, org, "Export stops", 3))!,
        ];
        const pair = (feedbackId: string, similarId: string, score: number) => suggested(org, feedbackId, similarId, score);
        await store.saveSuggestions([pair(c.id, b.id, 0.4)]);
        await store.dismissPair(org.orgId, a.id, c.id, 4, "user-1");
        const merged = await merge(store, b, a, 5);
        expect(await list(store, org.orgId, null)).toEqual([]);
        await store.undismissPair(org.orgId, c.id, a.id);
        expect(await list(store, org.orgId, null)).toEqual([pair(c.id, a.id, 0.4)]);
        // Dismissed as it is listed, the pair of the feedbacks holding them.
        await store.dismissPair(org.orgId, c.id, a.id, 6, "user-1");
        expect(await list(store, org.orgId, null)).toEqual([]);
        // B's own pair with C was never dismissed: unmerged, B has it back.
        await unmerge(store, org.orgId, merged, 7);
        expect(await list(store, org.orgId, null)).toEqual([pair(c.id, b.id, 0.4)]);
      });

      test("answer for the feedback holding them however deep the merges, on both sides, whose status decides whether they are listed", async () => {
        const store = await makeStore();
        const org = await seed(store);
        const [z, a, b, c, d] = [
          (await record(store, org, "Export fails", 1))!,
          (await record(store, org, "Export breaks", 2))!,
          (await record(store, org, "Export stops", 3))!,
          (await record(store, org, "Export hangs", 4))!,
          (await record(store, org, "Export freezes", 5))!,
        ];
        const pair = (feedbackId: string, similarId: string, score: number) => suggested(org, feedbackId, similarId, score);
        await store.saveSuggestions([pair(c.id, b.id, 0.4)]);
        expect((await merge(store, b, a, 6)).ok).toBe(true);
        expect((await merge(store, (await store.findFeedback(org.orgId, a.id))!, z, 7)).ok).toBe(true);
        expect((await merge(store, c, d, 8)).ok).toBe(true);
        expect(await list(store, org.orgId, null)).toEqual([pair(d.id, z.id, 0.4)]);
        const of = (feedbackId: string) =>
          store.listSuggestions({ orgId: org.orgId, appId: org.appId, feedbackId, limit: 10, kinds: SUBJECT_KINDS, closed: statusesOf("closed") });
        expect(await of(z.id)).toEqual([pair(d.id, z.id, 0.4)]);
        expect(await of(d.id)).toEqual([pair(d.id, z.id, 0.4)]);
        const status = (f: FeedbackRecord, from: Status, to: Status) =>
          store.applyStatusChange({ orgId: org.orgId, feedbackId: f.id, from, to, at: 9, events: [], jobs: [] });
        expect(await status(z, "triage", "delivered")).toBe(true);
        expect(await status(d, "triage", "dismissed")).toBe(true);
        expect(await list(store, org.orgId, null)).toEqual([]);
      });
    });

    test("a pair both of whose feedbacks are closed is not listed, and takes no place in the page; reopened, it is", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [a, b, c] = [
        (await record(store, org, "Export fails", 1))!,
        (await record(store, org, "Export breaks", 2))!,
        (await record(store, org, "Export stops", 3))!,
      ];
      const pair = (feedbackId: string, similarId: string, score: number) => suggested(org, feedbackId, similarId, score);
      await store.saveSuggestions([pair(b.id, a.id, 0.9), pair(c.id, a.id, 0.5)]);
      const close = async (f: FeedbackRecord, from: Status, to: Status) =>
        expect(await store.applyStatusChange({ orgId: org.orgId, feedbackId: f.id, from, to, at: 5, events: [], jobs: [] })).toBe(true);
      await close(a, "triage", "delivered");
      // One closed: still listed, a person decides whether it joins a closed subject.
      expect((await list(store, org.orgId, null, 1)).map((s) => s.feedbackId)).toEqual([b.id]);
      await close(b, "triage", "dismissed");
      expect((await list(store, org.orgId, null, 1)).map((s) => s.feedbackId)).toEqual([c.id]);
      await close(b, "dismissed", "triage");
      expect((await list(store, org.orgId, null, 1)).map((s) => s.feedbackId)).toEqual([b.id]);
    });
  });
}

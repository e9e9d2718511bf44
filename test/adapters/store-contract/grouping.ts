import { describe, expect, test } from "bun:test";
import type { FeedbackRecord } from "../../../core/model.ts";
import { type Kind, KINDS } from "../../../core/schemas/feedback.ts";
import { CANDIDATE_STATUSES, type CandidateQuery, chosenCandidates, rankCandidates } from "../../../core/grouping/candidates.ts";
import type { GroupingStore } from "../../../core/store/grouping.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import type { TriageStore } from "../../../core/store/triage.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import { ASSISTANT } from "../../../core/triage/journal.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = GroupingStore &
  Pick<TriageStore, "triageChanges" | "setTriageFields"> &
  Pick<AppSetupStore, "replaceFeatures"> &
  Pick<FeedbackStore, "applyStatusChange" | "findFeedback" | "listFeedbacks" | "listReports"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<MergeStore, "applyMerge"> &
  Seeding;

/** A candidate query of an organization's app for `keys`: open feedbacks of every kind, past no one, as a test reads them. */
const candidateQuery = (org: { orgId: string; appId: string }, keys: string[], overrides: Partial<CandidateQuery> = {}): CandidateQuery => ({
  orgId: org.orgId,
  appId: org.appId,
  keys,
  postingsPerKey: 200,
  statuses: CANDIDATE_STATUSES,
  kinds: KINDS,
  exclude: "none",
  limit: 10,
  oldest: 0,
  ...overrides,
});

/** Grouping: the candidates a new feedback is compared with, and the triage that titles it. */
export function groupingContract(makeStore: () => Promise<Subject>) {
  const { id, seed, record, recordPraise, merge } = contractKit();

  describe("grouping", () => {
    test("a title set by triage finds its feedback", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "it does not work", 1))!;
      await store.setTriage(org.orgId, f.id, { title: "Checkout rejects Maestro cards" });
      expect((await store.listFeedbacks(org.orgId, { statuses: ["triage"], words: ["maestro"] }, null, 10)).map((x) => x.id)).toEqual([f.id]);
    });

    test("the assistant's triage keeps what it changed of the fields the activity tells (not its nature), in the assistant's name", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "it does not work", 1))!;
      const author = { id: id("tc"), by: ASSISTANT, at: 5 };
      await store.setTriage(org.orgId, f.id, { severity: "P1", nature: "bug" }, author);
      expect(await store.triageChanges(f.id)).toEqual([{ ...author, feedbackId: f.id, changes: [{ field: "severity", from: null, to: "P1" }] }]);
      expect((await store.findFeedback(org.orgId, f.id))?.severity).toBe("P1");
    });

    test("the assistant's triage leaves a feature and a severity a person set while it worked, and tells only what it set", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "it does not work", 1))!;
      await store.replaceFeatures(org.orgId, org.appId, [
        { id: "feat-pay", name: "Payment", path: "checkout/payment" },
        { id: "feat-cart", name: "Cart", path: "checkout/cart" },
      ]);
      await store.setTriageFields(org.orgId, f.id, { severity: "P0", featureId: "feat-pay" }, [], [], 3);
      await store.setTriage(
        org.orgId,
        f.id,
        { severity: "P2", featureId: "feat-cart", title: "Checkout rejects Maestro cards", replacing: "it does not work" },
        { id: id("tc"), by: ASSISTANT, at: 5 },
      );
      const kept = await store.findFeedback(org.orgId, f.id);
      expect([kept?.severity, kept?.featureId]).toEqual(["P0", "feat-pay"]);
      expect((await store.triageChanges(f.id)).map((c) => c.changes)).toEqual([
        [{ field: "title", from: "it does not work", to: "Checkout rejects Maestro cards" }],
      ]);
    });

    test("the assistant's title replaces only the title it read: one a person gave meanwhile stays", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const f = (await record(store, org, "it does not work", 1))!;
      await store.setTriageFields(org.orgId, f.id, { title: "Maestro cards refused at checkout" }, [], [], 3);
      await store.setTriage(
        org.orgId,
        f.id,
        { title: "Checkout rejects Maestro cards", replacing: "it does not work" },
        { id: id("tc"), by: ASSISTANT, at: 5 },
      );
      expect((await store.findFeedback(org.orgId, f.id))?.title).toBe("Maestro cards refused at checkout");
      expect(await store.triageChanges(f.id)).toEqual([]);
    });

    test("grouping candidates: older, open feedbacks of the same app and organization sharing the keys; a merged feedback's text answers for its survivor", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const older = (await record(store, org, "older", 1))!;
      const closed = (await record(store, org, "closed", 2))!;
      const elsewhere = (await record(store, other, "elsewhere", 3))!;
      const newer = (await record(store, org, "newer", 9))!;
      for (const [f, app] of [
        [older, org.appId],
        [closed, org.appId],
        [elsewhere, other.appId],
        [newer, org.appId],
      ] as const) {
        await store.indexForGrouping(app, f.id, ["w:export", "w:pdf"], `text of ${f.title}`, f === older ? [0.5, 0.5] : undefined);
      }
      await store.applyStatusChange({ orgId: org.orgId, feedbackId: closed.id, from: "triage", to: "dismissed", at: 3, events: [], jobs: [] });
      const candidates = (keys: string[], exclude: string) => store.groupingCandidates(candidateQuery(org, keys, { exclude }));
      expect(await store.keyFrequencies(org.appId, ["w:export", "w:pdf", "w:never-indexed"])).toEqual(
        new Map([
          ["w:export", 3],
          ["w:pdf", 3],
        ]),
      );
      // Open feedbacks of the app other than the one looking, older or newer; not the dismissed one, not another app's.
      expect((await candidates(["w:export", "w:pdf"], older.id)).map((c) => c.id)).toEqual([newer.id]);
      const found = await candidates(["w:export", "w:pdf"], newer.id);
      expect(found).toEqual([{ id: older.id, text: "text of older", own: true, vector: [0.5, 0.5] }]);
      // Merged into the older feedback, the newer one's text answers for it, as a text not its own.
      expect((await merge(store, newer, older, 10)).ok).toBe(true);
      const linked = await candidates(["w:export"], "someone-else");
      expect(linked.map((c) => [c.id, c.text, c.own]).sort()).toEqual([
        [older.id, "text of newer", false],
        [older.id, "text of older", true],
      ]);
      expect(await candidates(["w:unknown"], "someone-else")).toEqual([]);
    });

    test("grouping candidates: a text merged twice (A into B, B into C) answers for C, the feedback holding it now", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const [c, b, a] = [(await record(store, org, "C", 1))!, (await record(store, org, "B", 2))!, (await record(store, org, "A", 3))!];
      for (const f of [a, b, c]) await store.indexForGrouping(org.appId, f.id, [`w:only-${f.title}`], `text of ${f.title}`);
      expect((await merge(store, a, b, 10)).ok).toBe(true);
      expect((await merge(store, (await store.findFeedback(org.orgId, b.id))!, c, 11)).ok).toBe(true);
      expect(await store.groupingCandidates(candidateQuery(org, ["w:only-A"]))).toEqual([{ id: c.id, text: "text of A", own: false }]);
    });

    test("grouping candidates come in core's rankCandidates order: most keys shared, the newest first among equals", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const carried: [FeedbackRecord, string[]][] = [];
      for (const [i, keys] of [["w:a", "w:b", "w:c"], ["w:a"], ["w:a", "w:b"], ["w:b", "w:c"], ["w:a"]].entries()) {
        const f = (await record(store, org, `feedback ${i}`, i + 1))!;
        await store.indexForGrouping(org.appId, f.id, keys, `text ${i}`);
        carried.push([f, keys]);
      }
      const keys = ["w:a", "w:b", "w:c"];
      const query = candidateQuery(org, keys);
      const postings = keys.map((key) =>
        carried
          .filter(([, k]) => k.includes(key))
          .map(([f]) => f.id)
          .reverse(),
      );
      const found = (await store.groupingCandidates(query)).map((c) => c.id);
      const ranked = rankCandidates(postings, query);
      expect(found).toEqual(chosenCandidates(ranked.newest, ranked.oldest, query));
      expect(found).toEqual([0, 3, 2, 4, 1].map((i) => carried[i]![0].id));
    });

    test("of more feedbacks sharing the keys alike than a query takes, the newest come first, then the oldest (a burst's first, which the others are merged into)", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const alike: FeedbackRecord[] = [];
      for (let i = 0; i < 6; i++) {
        const f = (await record(store, org, `burst ${i}`, i + 1))!;
        await store.indexForGrouping(org.appId, f.id, ["w:checkout", "w:safari"], `burst ${i}`);
        alike.push(f);
      }
      const query = candidateQuery(org, ["w:checkout", "w:safari"], { limit: 2, oldest: 2 });
      const found = (await store.groupingCandidates(query)).map((c) => c.id);
      expect(found).toEqual([5, 4, 0, 1].map((i) => alike[i]!.id));
      const ranked = rankCandidates([alike.map((f) => f.id).reverse(), alike.map((f) => f.id).reverse()], query);
      expect(found).toEqual(chosenCandidates(ranked.newest, ranked.oldest, query));
    });

    test("grouping candidates are of the kinds the query names: praise is no candidate where problems and ideas are asked, nor they where praise is", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const problem = (await record(store, org, "The checkout button does nothing", 1))!;
      const praise = await recordPraise(store, org, "Love the new checkout", 2);
      for (const f of [problem, praise!]) await store.indexForGrouping(org.appId, f.id, ["w:checkout"], f.title);
      const ids = async (kinds: readonly Kind[]) => (await store.groupingCandidates(candidateQuery(org, ["w:checkout"], { kinds }))).map((c) => c.id);
      expect([await ids(["problem", "idea"]), await ids(["praise"])]).toEqual([[problem.id], [praise!.id]]);
    });
  });
}

import { describe, expect, test } from "bun:test";
import type { SuggestionStore } from "../../../core/store/suggestions.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = SuggestionStore &
  Pick<FeedbackStore, "findFeedback" | "listReports"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<MergeStore, "applyMerge"> &
  Seeding;

/** Suggestions: pairs left for a person, and the pairs dismissed. */
export function suggestionsContract(makeStore: () => Promise<Subject>) {
  const { seed, record, merge } = contractKit();

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
        matched: ["export"],
        at,
      });
      await store.saveSuggestions([suggestion(b.id, a.id, 0.3, 4), suggestion(c.id, a.id, 0.25, 4)]);
      // Found again from the other side, with a new score: still one pair.
      await store.saveSuggestions([suggestion(a.id, b.id, 0.32, 5)]);
      expect(await store.listSuggestions(org.orgId, null, 10)).toEqual([suggestion(b.id, a.id, 0.32, 5), suggestion(c.id, a.id, 0.25, 4)]);
      expect(await store.listSuggestions(org.orgId, "another-app", 10)).toEqual([]);
      await store.dismissPair(org.orgId, a.id, c.id, 6, "user-1");
      expect((await store.listSuggestions(org.orgId, org.appId, 10)).map((s) => s.feedbackId)).toEqual([b.id]);
      // A dismissed pair stays dismissed when grouping finds it again.
      await store.saveSuggestions([suggestion(c.id, a.id, 0.5, 7)]);
      expect(await store.dismissedWith(org.orgId, a.id)).toEqual(new Set([c.id]));
      expect((await store.listSuggestions(org.orgId, org.appId, 10)).map((s) => s.feedbackId)).toEqual([b.id]);
      expect((await merge(store, b, a, 8)).ok).toBe(true);
      expect(await store.listSuggestions(org.orgId, null, 10)).toEqual([]);
    });
  });
}

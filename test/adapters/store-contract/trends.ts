import { describe, expect, test } from "bun:test";
import type { TrendStore } from "../../../core/store/trends.ts";
import type { FeedbackStore } from "../../../core/store/feedbacks.ts";
import type { FollowerStore } from "../../../core/store/followers.ts";
import type { TriageStore } from "../../../core/store/triage.ts";
import type { GroupingStore } from "../../../core/store/grouping.ts";
import type { MergeStore } from "../../../core/store/merges.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = TrendStore &
  Pick<FeedbackStore, "findFeedback" | "listReports"> &
  Pick<FollowerStore, "listFollowers"> &
  Pick<GroupingStore, "setTriage"> &
  Pick<TriageStore, "setTriageFields"> &
  Pick<MergeStore, "applyMerge" | "applyUnmerge" | "holdersOf"> &
  Seeding;

/** Trends: reports counted per day, kind and feature. */
export function trendsContract(makeStore: () => Promise<Subject>) {
  const { seed, record, merge, planUndo } = contractKit();

  describe("trends", () => {
    test("countReportsByDay counts an app's reports per day, kind and feature; a report counts for the feedback that holds it, through triage, merges, unmerges and splits", async () => {
      const store = await makeStore();
      const org = await seed(store);
      const other = await seed(store);
      const DAY = 86_400_000;
      const a = (await record(store, org, "first", DAY + 5))!;
      const b = (await record(store, org, "second", DAY + 9))!;
      await record(store, org, "third", 2 * DAY + 1);
      await record(store, org, "too late", 3 * DAY);
      await record(store, other, "another app", DAY + 1);
      await store.setTriage(org.orgId, a.id, { featureId: "feature-a" });
      const counted = async () =>
        [...(await store.countReportsByDay(org.orgId, org.appId, DAY, 3 * DAY))].sort(
          (x, y) => x.day - y.day || String(x.featureId).localeCompare(String(y.featureId)),
        );
      expect(await counted()).toEqual([
        { day: DAY, kind: "problem", featureId: "feature-a", count: 1 },
        { day: DAY, kind: "problem", featureId: null, count: 1 },
        { day: 2 * DAY, kind: "problem", featureId: null, count: 1 },
      ]);
      const merged = await merge(store, b, a, 2 * DAY + 2);
      if (!merged.ok) throw new Error(merged.code);
      expect(await counted()).toEqual([
        { day: DAY, kind: "problem", featureId: "feature-a", count: 2 },
        { day: 2 * DAY, kind: "problem", featureId: null, count: 1 },
      ]);
      // The feature's change (by hand) follows every report the feedback holds.
      await store.setTriageFields(org.orgId, a.id, { featureId: "feature-b" }, [], [], 2 * DAY + 2);
      expect((await counted())[0]).toEqual({ day: DAY, kind: "problem", featureId: "feature-b", count: 2 });
      const undo = await planUndo(store, org.orgId, merged.value, 2 * DAY + 3, null);
      if (!undo.ok) throw new Error(undo.code);
      expect(await store.applyUnmerge(undo.value, [])).toBe(true);
      expect(await counted()).toEqual([
        { day: DAY, kind: "problem", featureId: "feature-b", count: 1 },
        { day: DAY, kind: "problem", featureId: null, count: 1 },
        { day: 2 * DAY, kind: "problem", featureId: null, count: 1 },
      ]);
    });
  });
}

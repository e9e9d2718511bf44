import type { Database } from "bun:sqlite";
import type { Kind } from "../../core/schemas/feedback.ts";
import type { TrendStore } from "../../core/store/trends.ts";

const DAY_MS = 86_400_000;

/** Reports counted per day, read from the counters the triggers of `report_days` keep (schema/triggers.ts). */
export function trendStore(db: Database): TrendStore {
  return {
    async countReportsByDay(orgId, appId, from, to) {
      return db
        .query<{ day: number; kind: Kind; feature_id: string; n: number }, [string, string, number, number]>(
          "SELECT day, kind, feature_id, n FROM report_days WHERE app_id = ? AND org_id = ? AND day >= ? AND day < ? AND n > 0",
        )
        .all(appId, orgId, Math.floor(from / DAY_MS), Math.ceil(to / DAY_MS))
        .map((r) => ({ day: r.day * DAY_MS, kind: r.kind, featureId: r.feature_id || null, count: r.n }));
    },
  };
}

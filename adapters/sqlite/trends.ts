import type { Database } from "bun:sqlite";
import type { Kind } from "../../core/schemas/feedback.ts";
import type { TrendStore } from "../../core/store.ts";

/** Reports counted by time, for trends; a report counts for the feedback that holds it now. */
export function trendStore(db: Database): TrendStore {
  return {
    async countReports(orgId, appId, from, to, bucketMs) {
      return db
        .query<{ day: number; kind: Kind; feature_id: string | null; n: number }, [number, number, string, string, number, number]>(
          `SELECT (r.at / ?) * ? AS day, f.kind, f.feature_id, count(*) AS n
           FROM reports r JOIN feedbacks f ON f.id = r.feedback_id
           WHERE r.app_id = ? AND r.org_id = ? AND r.at >= ? AND r.at < ?
           GROUP BY day, f.kind, f.feature_id`,
        )
        .all(bucketMs, bucketMs, appId, orgId, from, to)
        .map((r) => ({ day: r.day, kind: r.kind, featureId: r.feature_id, count: r.n }));
    },
  };
}

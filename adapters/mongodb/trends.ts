import type { ReportCount } from "../../core/trends/trends.ts";
import type { TrendStore } from "../../core/store/trends.ts";
import type { Database } from "./database.ts";

const DAY_MS = 86_400_000;

/** Reports counted by time, for trends; a report counts for the feedback that holds it now. */
export function trendStore(data: Database): TrendStore {
  return {
    // Counted on demand: the cost follows the reports of the period (SQLite keeps counters instead).
    async countReportsByDay(orgId, appId, from, to) {
      const groups = await data
        .collection("reports")
        .aggregate([
          { $match: { appId, orgId, at: { $gte: from, $lt: to } } },
          { $lookup: { from: "feedbacks", localField: "feedbackId", foreignField: "_id", as: "feedback" } },
          { $unwind: "$feedback" },
          {
            $group: {
              _id: { day: { $subtract: ["$at", { $mod: ["$at", DAY_MS] }] }, kind: "$feedback.kind", featureId: "$feedback.featureId" },
              n: { $sum: 1 },
            },
          },
        ])
        .toArray();
      return groups.map((g): ReportCount => ({ day: g._id.day, kind: g._id.kind, featureId: g._id.featureId ?? null, count: g.n }));
    },
  };
}

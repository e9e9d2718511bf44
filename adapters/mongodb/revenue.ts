import type { ClientSession } from "mongodb";
import { companiesOf, revenueOf } from "../../core/triage/companies.ts";
import type { Database } from "./database.ts";

/**
 * Writes again what feedbacks are worth (revenueOf) from the reports they hold now, in the session
 * of the write that moved reports: the order by revenue reads it from an index.
 */
export async function refreshRevenue(data: Database, feedbackIds: readonly string[], session: ClientSession): Promise<void> {
  for (const feedbackId of feedbackIds) {
    const reports = await data
      .collection("reports")
      .find({ feedbackId, "report.author.company": { $exists: true } }, { session, projection: { report: 1, at: 1 } })
      .toArray();
    const revenue = revenueOf(companiesOf(reports.map((r) => ({ report: r.report, at: r.at }))));
    await data.collection("feedbacks").updateOne({ _id: feedbackId }, { $set: { revenue } }, { session });
  }
}

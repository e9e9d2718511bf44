import type { ClientSession } from "mongodb";
import { companiesOf, revenueOf } from "../../core/triage/companies.ts";
import type { Database } from "./database.ts";

/** The sources of some reports, each once, in a stable order: what a feedback document keeps of where its reports came from. */
export const sourcesOf = (reports: ReadonlyArray<{ readonly source: string }>): string[] => [...new Set(reports.map((r) => r.source))].sort();

/**
 * Writes again what feedbacks keep of the reports they hold now, in the session of the write that
 * moved reports: what they are worth (revenueOf), which the order by revenue reads from an index,
 * and the sources of their reports, which the inbox's filter by source reads (the portal's posts).
 */
export async function refreshHeldReports(data: Database, feedbackIds: readonly string[], session: ClientSession): Promise<void> {
  for (const feedbackId of feedbackIds) {
    const reports = await data
      .collection("reports")
      .find({ feedbackId }, { session, projection: { source: 1, "report.author.company": 1, at: 1 } })
      .toArray();
    // The projection keeps of a report without a company at most an empty author.
    const named = reports.filter((r) => r.report?.author?.company);
    const revenue = revenueOf(companiesOf(named.map((r) => ({ report: r.report, at: r.at }))));
    await data
      .collection("feedbacks")
      .updateOne({ _id: feedbackId }, { $set: { revenue, sources: sourcesOf(reports.map((r) => ({ source: String(r.source) }))) } }, { session });
  }
}

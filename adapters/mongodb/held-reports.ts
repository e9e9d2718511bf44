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
      // In the order listReports gives: of two at one moment, the one made last (the greater id) counts.
      .sort({ at: 1, _id: 1 })
      .toArray();
    const revenue = revenueOf(companiesOf(reports.map((r) => ({ report: r.report, at: r.at }))));
    await data.collection("feedbacks").updateOne({ _id: feedbackId }, { $set: { revenue } }, { session });
  }
}

/** The sources of the reports each of these feedbacks holds, each once and sorted (none for a feedback that holds none). */
export async function heldSources(data: Database, feedbackIds: readonly string[], session?: ClientSession): Promise<Map<string, string[]>> {
  const pairs = await data
    .collection("reports")
    .aggregate([{ $match: { feedbackId: { $in: [...feedbackIds] } } }, { $group: { _id: { feedbackId: "$feedbackId", source: "$source" } } }], {
      ...(session && { session }),
    })
    .toArray();
  const held = new Map<string, string[]>(feedbackIds.map((id) => [id, []]));
  for (const { _id } of pairs) held.get(String(_id.feedbackId))?.push(String(_id.source));
  for (const sources of held.values()) sources.sort();
  return held;
}

/**
 * Writes again the sources of the reports feedbacks hold, in the session of the unmerge or split
 * that took reports away: the inbox's filter by source reads them (the portal's posts to review).
 */
export async function refreshSources(data: Database, feedbackIds: readonly string[], session: ClientSession): Promise<void> {
  for (const [feedbackId, sources] of await heldSources(data, feedbackIds, session)) {
    await data.collection("feedbacks").updateOne({ _id: feedbackId }, { $set: { sources } }, { session });
  }
}

import type { Severity } from "../../core/schemas/feedback.ts";
import type { Database } from "./database.ts";
import { urgencyOf } from "./feedbacks.ts";

/** The marker in `meta` of the upgrades done: each runs once per deployment, by the first process to start. */
const UPGRADES_ID = "upgrades";
const SEVERITIES: readonly Severity[] = ["P0", "P1", "P2", "P3"];

/**
 * Brings documents written by earlier versions to today's layout. Each upgrade may run twice when
 * two processes start together, so each is idempotent; the marker only spares later starts a scan.
 */
export async function upgradeDocuments(data: Database): Promise<void> {
  const done = new Set<string>((await data.collection("meta").findOne({ _id: UPGRADES_ID }))?.done ?? []);
  if (!done.has("urgency")) {
    // Feedbacks stored before their severity order had an index of its own.
    const feedbacks = data.collection("feedbacks");
    for (const severity of SEVERITIES)
      await feedbacks.updateMany({ urgency: { $exists: false }, severity }, { $set: { urgency: urgencyOf(severity) } });
    await feedbacks.updateMany({ urgency: { $exists: false } }, { $set: { urgency: urgencyOf(undefined) } });
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "urgency" } }, { upsert: true });
  }
}

import type { Severity } from "../../core/schemas/feedback.ts";
import type { Database } from "./database.ts";
import { urgencyOf } from "../../core/feedback/order.ts";
import { heldSources } from "./held-reports.ts";

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
  if (!done.has("votes")) {
    // Feedbacks stored before votes: none, which the votes order needs written to sort them.
    await data.collection("feedbacks").updateMany({ votes: { $exists: false } }, { $set: { votes: 0 } });
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "votes" } }, { upsert: true });
  }
  if (!done.has("revenue")) {
    // Feedbacks stored before reports named a company are worth nothing in the order by revenue.
    await data.collection("feedbacks").updateMany({ revenue: { $exists: false } }, { $set: { revenue: 0 } });
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "revenue" } }, { upsert: true });
  }
  if (!done.has("attachment-reports")) {
    await carryAttachments(data);
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "attachment-reports" } }, { upsert: true });
  }
  if (!done.has("sources")) {
    await keepSources(data);
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "sources" } }, { upsert: true });
  }
}

/** Feedbacks read at a time by keepSources: their reports are read together. */
const SOURCES_BATCH = 500;

/**
 * Feedbacks stored before they kept the sources of their reports (which the inbox's filter by
 * source reads): each gets them from the reports it holds, a batch at a time in _id order. A
 * feedback a merge or split gave them meanwhile keeps its own.
 */
async function keepSources(data: Database): Promise<void> {
  const feedbacks = data.collection("feedbacks");
  for (let after = ""; ; ) {
    const batch = await feedbacks
      .find({ _id: { $gt: after }, sources: { $exists: false } }, { projection: { _id: 1 } })
      .sort({ _id: 1 })
      .limit(SOURCES_BATCH)
      .toArray();
    if (batch.length === 0) return;
    after = String(batch.at(-1)!._id);
    for (const [id, sources] of await heldSources(
      data,
      batch.map((f) => String(f._id)),
    )) {
      await feedbacks.updateOne({ _id: id, sources: { $exists: false } }, { $set: { sources } });
    }
  }
}

/**
 * Attachments stored before they followed their report through merges, unmerges and splits: a file
 * the widget sent goes with the report whose body names it; a file an operator attached, with the
 * latest report of its feedback or, for a feedback grouped into another, of that other one.
 */
async function carryAttachments(data: Database): Promise<void> {
  const attachments = data.collection("attachments");
  const orphans = await attachments.find({ reportId: { $exists: false } }, { projection: { feedbackId: 1 } }).toArray();
  if (orphans.length === 0) return;
  const carriers = new Map<string, string>();
  const withFiles = await data
    .collection("reports")
    .find({ "report.files": { $exists: true } }, { projection: { "report.files.id": 1 } })
    .toArray();
  for (const r of withFiles) for (const f of r.report.files as Array<{ id: string }>) carriers.set(f.id, r._id);
  const latestReport = async (feedbackId: string | undefined): Promise<string | undefined> =>
    feedbackId === undefined
      ? undefined
      : (
          await data
            .collection("reports")
            .find({ feedbackId }, { projection: { _id: 1 } })
            .sort({ at: -1, _id: -1 })
            .limit(1)
            .toArray()
        )[0]?._id;
  const mergedTarget = async (feedbackId: string): Promise<string | undefined> =>
    (await data.collection("feedbacks").findOne({ _id: feedbackId }, { projection: { mergedInto: 1 } }))?.mergedInto;
  for (const a of orphans) {
    const reportId = carriers.get(a._id) ?? (await latestReport(a.feedbackId)) ?? (await latestReport(await mergedTarget(a.feedbackId)));
    if (reportId !== undefined) await attachments.updateOne({ _id: a._id }, { $set: { reportId } });
  }
}

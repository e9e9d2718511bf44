import type { Severity } from "../../core/schemas/feedback.ts";
import type { Filter } from "mongodb";
import type { CollectionName, Database, Document } from "./database.ts";
import { urgencyOf } from "../../core/feedback/order.ts";
import { heldSources } from "./held-reports.ts";
import { wordsWithTexts } from "../../core/feedback/search-words.ts";
import { publicationWords } from "../../core/portal/publish-feedback.ts";
import { addToVocabulary } from "./search-terms.ts";
import { markPublished, storedWords } from "./publications.ts";

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
  if (!done.has("portal-changed-at")) {
    // Portals saved before they kept when they last changed: as of this upgrade, the first moment this release knew them.
    await data.collection("portals").updateMany({ changedAt: { $exists: false } }, { $set: { changedAt: Date.now() } });
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "portal-changed-at" } }, { upsert: true });
  }
  if (!done.has("hyphenated-words")) {
    await joinHyphenatedWords(data);
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "hyphenated-words" } }, { upsert: true });
  }
  if (!done.has("publication-words")) {
    // Publications stored before their words were kept one element each, in an index of their own.
    await inBatches(data, "publications", { words: { $type: "string" } }, { words: 1 }, async (batch) => {
      for (const p of batch)
        await data.collection("publications").updateOne({ _id: p._id, words: p.words }, { $set: { words: storedWords(p.words) } });
    });
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "publication-words" } }, { upsert: true });
  }
  if (!done.has("published-feedbacks")) {
    // Feedbacks published before their document said so, which the board reads now. Each batch in a
    // transaction: an unpublish meanwhile conflicts with it, and it reads the publications again.
    await inBatches(data, "publications", {}, { _id: 1 }, (batch) =>
      data.transaction((session) =>
        markPublished(
          data,
          batch.map((p) => p._id),
          session,
        ),
      ),
    );
    await data.collection("meta").updateOne({ _id: UPGRADES_ID }, { $addToSet: { done: "published-feedbacks" } }, { upsert: true });
  }
}

/** A hyphen of a kind that joins a word's parts (core's search words), as a query on a text field. */
const HYPHEN = { $regex: "[-\u2010\u2011]" };

/** Documents read at a time by the upgrades that walk a collection. */
const BATCH = 500;

/** Hands each batch of the documents of `collection` that `filter` keeps to `each`, in _id order. */
async function inBatches(
  data: Database,
  collection: CollectionName,
  filter: Filter<Document>,
  projection: Record<string, 1>,
  each: (batch: Document[]) => Promise<void>,
): Promise<void> {
  for (let after = ""; ; ) {
    const batch = await data
      .collection(collection)
      .find({ ...filter, _id: { $gt: after } }, { projection })
      .sort({ _id: 1 })
      .limit(BATCH)
      .toArray();
    if (batch.length === 0) return;
    after = String(batch.at(-1)!._id);
    await each(batch);
  }
}

/**
 * Feedbacks stored before a hyphenated word was found by its joined form too (e-mail by email; core's
 * foldedWords): only the texts holding a hyphen are read, titles, the messages of the reports a
 * feedback holds, and those a merged feedback gave its target (an unmerge gives them back without
 * rewriting its words). Each such feedback gains the words of those texts it lacks, up to
 * MAX_FEEDBACK_WORDS; publications whose public text holds a hyphen get their words again.
 */
async function joinHyphenatedWords(data: Database): Promise<void> {
  await inBatches(data, "feedbacks", { title: HYPHEN }, { title: 1 }, (batch) =>
    addTextWords(
      data,
      batch.map((f) => [String(f._id), f.title]),
    ),
  );
  await inBatches(data, "reports", { "report.message": HYPHEN }, { feedbackId: 1, "report.message": 1 }, (batch) =>
    addTextWords(
      data,
      batch.map((r) => [String(r.feedbackId), r.report.message]),
    ),
  );
  await inBatches(data, "merges", { undoneAt: null }, { sourceId: 1, reportIds: 1 }, async (batch) => {
    // A report merged twice (A into B, then B into C) was given by both A and B.
    const givers = new Map<string, string[]>();
    for (const m of batch) for (const id of m.reportIds as string[]) givers.set(id, [...(givers.get(id) ?? []), String(m.sourceId)]);
    const reports = await data
      .collection("reports")
      .find({ _id: { $in: [...givers.keys()] }, "report.message": HYPHEN }, { projection: { "report.message": 1 } })
      .toArray();
    await addTextWords(
      data,
      reports.flatMap((r) => givers.get(r._id)!.map((giver) => [giver, r.report.message] as const)),
    );
  });
  await inBatches(
    data,
    "publications",
    { $or: [{ title: HYPHEN }, { description: HYPHEN }] },
    { title: 1, description: 1, words: 1 },
    async (batch) => {
      const published = await data
        .collection("feedbacks")
        .find({ _id: { $in: batch.map((p) => p._id) } }, { projection: { key: 1 } })
        .toArray();
      const keys = new Map(published.map((f) => [f._id, String(f.key)]));
      for (const p of batch) {
        const words = publicationWords(keys.get(p._id) ?? "", p.title, p.description ?? null);
        if (words !== [p.words].flat().join(" "))
          await data.collection("publications").updateOne({ _id: p._id }, { $set: { words: storedWords(words) } });
      }
    },
  );
}

/**
 * Adds to each feedback named the words of its texts it lacks, up to MAX_FEEDBACK_WORDS. Added to the
 * set, not written over it: a server of this release already serving may be adding words too.
 */
async function addTextWords(data: Database, texts: ReadonlyArray<readonly [feedbackId: string, text: string]>): Promise<void> {
  const held = new Map<string, string[]>();
  for (const [id, text] of texts) held.set(id, [...(held.get(id) ?? []), text]);
  const feedbacks = data.collection("feedbacks");
  const stored = await feedbacks.find({ _id: { $in: [...held.keys()] } }, { projection: { words: 1 } }).toArray();
  for (const f of stored) {
    const known: string[] = f.words ?? [];
    const gained = wordsWithTexts(known, held.get(f._id)!).slice(known.length);
    if (gained.length === 0) continue;
    await addToVocabulary(data, gained);
    await feedbacks.updateOne({ _id: f._id }, { $addToSet: { words: { $each: gained } } });
  }
}

/**
 * Feedbacks stored before they kept the sources of their reports (which the inbox's filter by
 * source reads): each gets them from the reports it holds, a batch at a time in _id order. A
 * feedback a merge or split gave them meanwhile keeps its own.
 */
async function keepSources(data: Database): Promise<void> {
  await inBatches(data, "feedbacks", { sources: { $exists: false } }, { _id: 1 }, async (batch) => {
    for (const [id, sources] of await heldSources(
      data,
      batch.map((f) => String(f._id)),
    )) {
      await data.collection("feedbacks").updateOne({ _id: id, sources: { $exists: false } }, { $set: { sources } });
    }
  });
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

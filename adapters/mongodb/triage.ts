import { insertJobs } from "./outbox.ts";
import { wordsWithTitle } from "../../core/feedback/search-words.ts";
import type { ClientSession } from "mongodb";
import type { TriageFields, TriageStore } from "../../core/store/triage.ts";
import { stillAsDecided } from "../../core/triage/decided-on.ts";
import { fieldChanges, type TriageAuthor, type TriageHeld } from "../../core/triage/journal.ts";
import { renamedTags } from "../../core/triage/tag-names.ts";
import { queryWithTagRenamed } from "../../core/views/tag-renamed.ts";
import { compoundId, type Database, type Document, plain } from "./database.ts";
import { urgencyOf } from "../../core/feedback/order.ts";
import { NOT_MERGED } from "./feedbacks.ts";
import { addToVocabulary } from "./search-terms.ts";

/** What to $set and what to $unset for the fields given: a null, or an empty list of tags, leaves the field absent. */
function update(fields: TriageFields) {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ""> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null || (Array.isArray(value) && value.length === 0)) unset[field] = "";
    else set[field] = value;
  }
  if (fields.severity !== undefined) set.urgency = urgencyOf(fields.severity ?? undefined);
  return { set, unset };
}

/** What a feedback's document holds of the triage fields, read with them (HELD), as the core names them. */
export const HELD = { title: 1, kind: 1, severity: 1, featureId: 1, owner: 1, dueAt: 1, tags: 1 } as const;

/**
 * Keeps what setting `fields` changes on a feedback, as `held` (its document, read with HELD in
 * the caller's transaction) shows it, in its activity in the name of `author`; nothing when
 * nothing changes.
 */
export async function recordTriageChange(
  data: Database,
  held: Document,
  fields: TriageFields,
  author: TriageAuthor,
  session: ClientSession,
): Promise<void> {
  const changes = fieldChanges(plain<TriageHeld>(held), fields);
  if (changes.length === 0) return;
  await data
    .collection("triage_changes")
    .insertOne({ _id: author.id, feedbackId: String(held._id), actorId: author.by, at: author.at, changes }, { session });
}

/** What a team sets on a feedback by hand, and the organization's tags. */
export function triageStore(data: Database): TriageStore {
  const feedbacks = () => data.collection("feedbacks");
  return {
    async setTriageFields(orgId, feedbackId, fields, newTags, jobs, at, author, decidedOn) {
      const { set, unset } = update(fields);
      return data.transaction(async (session) => {
        const stored = await feedbacks().findOne({ _id: feedbackId, orgId, ...NOT_MERGED }, { session, projection: { words: 1, ...HELD } });
        // Read in the transaction: a write landing after it conflicts with this one, which is run again.
        if (!stored || !stillAsDecided(plain<TriageHeld>(stored), decidedOn)) return false;
        if (author) await recordTriageChange(data, stored, fields, author, session);
        // A new title is searchable too, within the feedback's cap of words.
        if (fields.title) set.words = await addToVocabulary(data, wordsWithTitle(stored.words, fields.title), session);
        const changes = { ...(Object.keys(set).length > 0 && { $set: set }), ...(Object.keys(unset).length > 0 && { $unset: unset }) };
        if (Object.keys(changes).length > 0) await feedbacks().updateOne({ _id: feedbackId, orgId }, changes, { session });
        for (const tag of newTags) {
          await data
            .collection("tags")
            .updateOne(
              { _id: compoundId(orgId, tag.name) },
              { $setOnInsert: { orgId, name: tag.name, createdAt: tag.createdAt } },
              { upsert: true, session },
            );
        }
        await insertJobs(data, jobs, at, session);
        return true;
      });
    },

    async triageChanges(feedbackId) {
      // In the order they were written: their ids are time-ordered, drawn as each is written.
      const changes = await data.collection("triage_changes").find({ feedbackId }).sort({ _id: 1 }).toArray();
      return changes.map((c) => ({ id: String(c._id), feedbackId, by: c.actorId, at: c.at, changes: c.changes }));
    },

    async triageChangesAt(by, at) {
      const changes = await data.collection("triage_changes").find({ actorId: by, at }).sort({ _id: 1 }).toArray();
      return changes.map((c) => ({ id: String(c._id), feedbackId: c.feedbackId, by, at, changes: c.changes }));
    },

    async listTags(orgId) {
      const tags = await data.collection("tags").find({ orgId }).sort({ name: 1 }).toArray();
      return tags.map((t) => ({ name: t.name, createdAt: t.createdAt, ...(t.color && { color: t.color }) }));
    },

    async setTagColor(orgId, name, color) {
      const change = color === null ? { $unset: { color: "" } } : { $set: { color } };
      const written = await data.collection("tags").updateOne({ _id: compoundId(orgId, name), orgId }, change);
      return written.matchedCount > 0;
    },

    async renameTag(orgId, from, to) {
      return data.transaction(async (session) => {
        const tags = data.collection("tags");
        if ((await tags.deleteOne({ _id: compoundId(orgId, from), orgId }, { session })).deletedCount === 0) return null;
        const kept = { orgId, name: to.name, createdAt: to.createdAt, ...(to.color && { color: to.color }) };
        await tags.replaceOne({ _id: compoundId(orgId, to.name) }, kept, { upsert: true, session });
        // Merged feedbacks too: an unmerge gives them back with their tags. One round trip for all the
        // writes, which a large organization's would otherwise spend its transaction's time on.
        const carrying = await feedbacks()
          .find({ orgId, tags: from }, { session, projection: { tags: 1, mergedInto: 1 } })
          .toArray();
        const changed = carrying.flatMap((feedback) => {
          const renamed = renamedTags(feedback.tags, from, to.name);
          return renamed.join("\n") === feedback.tags.join("\n") ? [] : [{ feedback, renamed }];
        });
        if (changed.length > 0)
          await feedbacks().bulkWrite(
            changed.map(({ feedback, renamed }) => ({ updateOne: { filter: { _id: feedback._id }, update: { $set: { tags: renamed } } } })),
            { session },
          );
        const views = data.collection("saved_views");
        const refiltered = (await views.find({ orgId }, { session, projection: { query: 1 } }).toArray()).flatMap((view) => {
          const query = queryWithTagRenamed(view.query, from, to.name);
          return query === null ? [] : [{ updateOne: { filter: { _id: view._id }, update: { $set: { query } } } }];
        });
        if (refiltered.length > 0) await views.bulkWrite(refiltered, { session });
        return changed.filter(({ feedback }) => !feedback.mergedInto).length;
      });
    },
  };
}

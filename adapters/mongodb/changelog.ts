import type { ChangelogEntryRecord } from "../../core/changelog/entry.ts";
import type { ChangelogStore, EntryLink } from "../../core/store/changelog.ts";
import { type Database, type Document, fromDocument, toDocument } from "./database.ts";
import { mergedIds } from "./merged.ts";
import { insertEvent, insertJobs } from "./outbox.ts";

const toEntry = (document: Document): ChangelogEntryRecord => fromDocument<ChangelogEntryRecord>(document);

/** What an update writes over an entry: every field but its identity; a draft has no publishedAt. */
function replacement(entry: ChangelogEntryRecord) {
  const { _id, orgId, createdAt, ...rest } = toDocument(entry);
  return entry.publishedAt === undefined ? { $set: rest, $unset: { publishedAt: "" } } : { $set: rest };
}

/** Changelog entries; publishing one writes the entry, its feedbacks' status changes, events and jobs in one transaction. */
export function changelogStore(data: Database): ChangelogStore {
  const entries = () => data.collection("changelog_entries");
  /** Thrown inside the transaction to abort it: a feedback changed meanwhile. */
  class Conflict extends Error {}

  return {
    async createEntry(entry) {
      await entries().insertOne(toDocument(entry));
    },

    async findEntry(orgId, entryId) {
      const found = await entries().findOne({ _id: entryId, orgId });
      return found ? toEntry(found) : null;
    },

    async listEntries(orgId, { drafts }) {
      const published = await entries().find({ orgId, status: "published" }).sort({ publishedAt: -1, _id: -1 }).toArray();
      const draft = drafts ? await entries().find({ orgId, status: "draft" }).sort({ createdAt: -1, _id: -1 }).toArray() : [];
      return [...draft, ...published].map(toEntry);
    },

    async entriesLinking(orgId, feedbackId) {
      const held = await mergedIds(data, feedbackId);
      const linking = await entries()
        .find({ orgId, feedbackIds: { $in: held } }, { projection: { _id: 1, title: 1, status: 1, publishedAt: 1, createdAt: 1 } })
        .toArray();
      // As listEntries orders them: drafts first, then the published, each newest first.
      const when = (e: Document) => (e.publishedAt ?? e.createdAt) as number;
      return linking
        .sort((a, b) => Number(a.status === "published") - Number(b.status === "published") || when(b) - when(a) || (a._id < b._id ? 1 : -1))
        .map((e) => ({ id: String(e._id), title: String(e.title), status: e.status as EntryLink["status"] }));
    },

    async updateEntry(entry) {
      const updated = await entries().updateOne({ _id: entry.id, orgId: entry.orgId, status: entry.status }, replacement(entry));
      return updated.matchedCount === 1;
    },

    async deleteDraft(orgId, entryId) {
      const deleted = await entries().deleteOne({ _id: entryId, orgId, status: "draft" });
      if (deleted.deletedCount === 1) return "deleted";
      return (await entries().findOne({ _id: entryId, orgId })) ? "published" : "not_found";
    },

    async publishEntry(p) {
      try {
        return await data.transaction(async (session) => {
          if (p.created) {
            if (await entries().findOne({ _id: p.entry.id }, { session })) throw new Conflict();
            await entries().insertOne(toDocument(p.entry), { session });
          } else {
            const draft = {
              _id: p.entry.id,
              orgId: p.entry.orgId,
              status: "draft",
              ...(p.draftUpdatedAt !== null && { updatedAt: p.draftUpdatedAt }),
            };
            const updated = await entries().updateOne(draft, replacement(p.entry), { session });
            if (updated.matchedCount !== 1) throw new Conflict();
          }
          for (const c of p.changes) {
            const moved = await data
              .collection("feedbacks")
              .updateOne({ _id: c.feedbackId, orgId: p.entry.orgId, status: c.from }, { $set: { status: c.to } }, { session });
            if (moved.modifiedCount !== 1) throw new Conflict();
          }
          for (const event of p.events) await insertEvent(data, event, session);
          await insertJobs(data, p.jobs, p.entry.publishedAt ?? p.entry.updatedAt, session);
          return true;
        });
      } catch (error) {
        if (error instanceof Conflict) return false;
        throw error;
      }
    },
  };
}

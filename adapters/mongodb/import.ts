import type { AnyBulkWriteOperation } from "mongodb";
import type { MigrationCheckpoint, PortableRecord, PortableSet, PortableTarget } from "../../core/portable.ts";
import { touchCatalog } from "./channel-cache.ts";
import { compoundId, type Database, type Document, expiryDate } from "./database.ts";
import { feedbackWords, ownWords } from "../../core/feedback/search-words.ts";
import { addToVocabulary } from "./search-terms.ts";
import { markPublished, storedWords } from "./publications.ts";
import { urgencyOf } from "../../core/feedback/order.ts";
import type { Severity } from "../../core/schemas/feedback.ts";

const CHECKPOINT_ID = "migration";
/** The sets that say what a channel key opens: copying into them invalidates the servers' channel caches. */
const CATALOG_SETS: ReadonlySet<PortableSet> = new Set(["organizations", "apps", "channels"]);

/** The document a portable record becomes, where this store's layout differs from the plain fields. */
function toStored(set: PortableSet, { fields }: PortableRecord): Omit<Document, "_id"> {
  const withExpiry = (f: Record<string, unknown>) => (typeof f.expiresAt === "number" ? { ...f, expiresAtDate: expiryDate(f.expiresAt) } : f);
  switch (set) {
    case "feedbacks": {
      // The core's optional fields are absent here, never null; search words come from the indexed text.
      const { searchText, ...rest } = fields;
      const present = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null));
      const severity = (present.severity ?? undefined) as Severity | undefined;
      const words =
        searchText === undefined || searchText === null
          ? ownWords({ key: String(fields.key), title: String(fields.title) }, [])
          : feedbackWords(String(searchText));
      // The sources of its reports are added as they are copied (addSources).
      return { ...present, urgency: urgencyOf(severity), words, sources: [] };
    }
    case "publications":
      return { ...fields, words: storedWords(String(fields.words)) };
    case "qualifications":
      return withExpiry({ ...(fields.data as Record<string, unknown>), expiresAt: fields.expiresAt });
    case "jobs":
      return { ...fields, leaseUntil: fields.leaseUntil ?? 0 };
    case "meta":
      return { value: fields.value };
    case "sessions":
    case "tokens":
    case "idempotency":
    case "slack_events":
      return withExpiry(fields);
    default:
      return fields;
  }
}

/** Adds the sources of these reports to the feedbacks that hold them, one update per source. */
async function addSources(data: Database, reports: readonly Document[]): Promise<void> {
  const holders = new Map<string, Set<string>>();
  for (const r of reports) {
    const source = String(r.source);
    holders.set(source, (holders.get(source) ?? new Set()).add(String(r.feedbackId)));
  }
  for (const [source, ids] of holders) {
    await data.collection("feedbacks").updateMany({ _id: { $in: [...ids] } }, { $addToSet: { sources: source } });
  }
}

/** Writes portable records into the MongoDB layout; every write replaces by `_id`, so a resumed copy is safe. */
export function mongoTarget(data: Database): PortableTarget {
  return {
    async write(batch) {
      const documents = batch.records.map((record): Document => ({ ...toStored(batch.set, record), _id: compoundId(...record.key) }));
      if (documents.length === 0) return;
      if (batch.set === "feedbacks") await addToVocabulary(data, [...new Set(documents.flatMap((d) => d.words as string[]))]);
      const operations = documents.map(
        (d): AnyBulkWriteOperation<Document> => ({ replaceOne: { filter: { _id: d._id }, replacement: d, upsert: true } }),
      );
      await data.collection(batch.set).bulkWrite(operations, { ordered: false });
      // Reports are copied after their feedbacks: each feedback learns the sources of its reports.
      if (batch.set === "reports") await addSources(data, documents);
      // Publications are copied after their feedbacks too, and a copy resumes forward only: marking
      // each batch's feedbacks published (publications.ts) marks them all, never to be rewritten.
      if (batch.set === "publications")
        await markPublished(
          data,
          documents.map((d) => d._id),
        );
      if (CATALOG_SETS.has(batch.set)) await touchCatalog(data);
    },
    async checkpoint() {
      const saved = await data.collection("meta").findOne({ _id: CHECKPOINT_ID });
      // A copy begun by an earlier version saved a number.
      return saved ? ({ set: saved.set, position: String(saved.position), done: saved.done, counts: saved.counts } as MigrationCheckpoint) : null;
    },
    async saveCheckpoint(checkpoint) {
      await data.collection("meta").replaceOne({ _id: CHECKPOINT_ID }, { ...checkpoint }, { upsert: true });
    },
  };
}

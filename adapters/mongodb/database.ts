import type { ClientSession, Collection, Db, MongoClient } from "mongodb";
import type { PortableSet } from "../../core/portable.ts";

/**
 * The collections of the store: one per portable set (the layout `cli migrate` copies into), the
 * rate counters, which live one minute and are not copied, and the search vocabulary, which the
 * copied feedbacks write again. Documents keep the core's field names.
 */
export type CollectionName = PortableSet | "rate_counters" | "search_vocabulary";

/** Every document has a string `_id`: the record's own id, or a compound of the fields it is unique on. */
export interface Document {
  _id: string;
  [field: string]: any;
}

/** What the store needs of a deployment: its collections, and transactions. */
export interface Database {
  readonly db: Db;
  collection(name: CollectionName): Collection<Document>;
  /**
   * Runs `work` in a multi-document transaction (needs a replica set): a status change and its
   * events, a new feedback and its key, quota, event and jobs commit together or not at all.
   */
  transaction<T>(work: (session: ClientSession) => Promise<T>): Promise<T>;
}

export function database(client: Pick<MongoClient, "withSession">, db: Db): Database {
  return {
    db,
    collection: (name) => db.collection<Document>(name),
    transaction: (work) => client.withSession((session) => session.withTransaction(() => work(session))),
  };
}

/** MongoDB's duplicate key error: a unique index refused the write. */
export const isDuplicateKey = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 11000;

/** A compound `_id` from parts that cannot contain the separator. */
export const compoundId = (...parts: readonly string[]): string => parts.join("\u0000");

/** A document's fields without `_id` and without nulls: the core's optional fields are absent, not null. */
export function plain<T>(document: Document, omit: readonly string[] = []): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(document)) if (k !== "_id" && v !== null && v !== undefined && !omit.includes(k)) out[k] = v;
  return out as T;
}

/** A document as the core's record: its `_id` is the record's `id`. */
export const fromDocument = <T>(document: Document, omit: readonly string[] = []): T => ({ id: document._id, ...plain<object>(document, omit) }) as T;

/** The `_id` form of a record, without undefined fields (MongoDB would store them as null). */
export function toDocument<T extends { readonly id: string }>(record: T): Document {
  const { id, ...rest } = record as unknown as { id: string } & Record<string, unknown>;
  const out: Document = { _id: id };
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) out[k] = v;
  return out;
}

/** A TTL index reads a BSON date; numbers stay the fields the store queries. */
export const expiryDate = (at: number): Date => new Date(at);

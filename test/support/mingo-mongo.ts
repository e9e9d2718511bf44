import { AsyncLocalStorage } from "node:async_hooks";
import type { Db, MongoClient } from "mongodb";
import { update } from "mingo";
import { Aggregator } from "mingo/aggregator";
import { Context } from "mingo/core";
import * as accumulator from "mingo/operators/accumulator";
import * as expression from "mingo/operators/expression";
import * as pipeline from "mingo/operators/pipeline";
import * as projection from "mingo/operators/projection";
import * as query from "mingo/operators/query";
import * as window from "mingo/operators/window";
import { Query } from "mingo/query";
import type { Options as MingoOptions } from "mingo/types";

/**
 * NOT MongoDB. An in-process implementation of MongoDB's query language — the `mingo` package —
 * behind the subset of the official driver's `Db`/`Collection`/`withSession` interface that the
 * MongoDB store uses. It lets CI run the adapter's own filter, update and aggregation documents
 * where no MongoDB server can be installed. It does not model BSON types, write concerns,
 * concurrency between processes or index use; transactions are serialised and rolled back by
 * snapshot, and refuse two operations at once, as MongoDB does. The store contract runs against a real server whenever MONGODB_URI is set.
 */

type Doc = Record<string, any> & { _id?: unknown };
type Options = { session?: unknown; upsert?: boolean; sort?: Record<string, 1 | -1>; returnDocument?: "before" | "after"; projection?: Doc };

const clone = <T>(value: T): T => structuredClone(value);

/** Every operator mingo has, gathered once. */
const CONTEXT = Context.init({ accumulator, expression, pipeline, projection, query, window });

/**
 * mingo's options for a query, made once. Given plain options, mingo copies every operator table
 * for each query (three times through its `find`), which was most of what a property test's step
 * cost here; given its own options object, it copies nothing. mingo hands that object only to an
 * operator, when it compiles a query: one operator that keeps it, compiled once, fetches it.
 */
const QUERY_OPTIONS = ((): Partial<MingoOptions> => {
  let compiled: unknown;
  const keep = (_field: string, _value: unknown, options: unknown) => {
    compiled = options;
    return () => true;
  };
  new Query({ options: { $keep: 1 } }, { context: Context.from(CONTEXT).addQueryOps({ $keep: keep } as never) });
  return compiled as Partial<MingoOptions>;
})();

/** Two values as a unique index tells them apart: written out as JSON, which for two strings is comparing them. */
const sameKey = (a: unknown, b: unknown): boolean =>
  typeof a === "string" && typeof b === "string" ? a === b : JSON.stringify(a) === JSON.stringify(b);

class DuplicateKey extends Error {
  readonly code = 11000;
}

/** Fields of a filter that an upsert copies into the new document: the plain equalities. */
function equalities(filter: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(filter)) {
    if (k.startsWith("$")) continue;
    const isOperator = v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).some((o) => o.startsWith("$"));
    if (!isOperator) out[k] = v;
  }
  return out;
}

/**
 * Refuses an update naming one field twice, or a field and a field inside it, across its operators
 * ($set and $setOnInsert included, whether or not it inserts): a server refuses it when it parses it,
 * "Updating the path 'a' would create a conflict at 'a'" (code 40, ConflictingUpdateOperators).
 */
function refuseConflicts(modifier: Doc): void {
  const paths = Object.values(modifier).flatMap((fields) => Object.keys(fields as Doc));
  for (const [i, a] of paths.entries())
    for (const b of paths.slice(i + 1))
      if (a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`))
        throw Object.assign(new Error(`Updating the path '${b}' would create a conflict at '${a}'`), { code: 40 });
}

class FakeCursor {
  private sorting: Doc | null = null;
  private limited = 0;
  constructor(private readonly produce: (sort: Doc | null, limit: number) => Doc[]) {}
  sort(spec: Doc) {
    this.sorting = spec;
    return this;
  }
  limit(n: number) {
    this.limited = n;
    return this;
  }
  async toArray() {
    return this.produce(this.sorting, this.limited);
  }
}

class FakeCollection {
  docs: Doc[] = [];
  /** The other collections, by name, for $lookup. */
  constructor(private readonly others: (name: string) => Doc[]) {}
  private readonly uniques: string[][] = [["_id"]];
  /** The indexes by name, as declared: the stand-in uses none to read, but keeps them as MongoDB accepts and drops them. */
  private readonly indexed = new Map<string, { key: Doc; options: Doc }>([["_id_", { key: { _id: 1 }, options: {} }]]);

  /**
   * Refuses what MongoDB refuses: a name taken by another index (code 85, or 86 for another key),
   * or a key pattern indexed under another name (85: before MongoDB 5.0 an index is known by its key
   * pattern alone, so an index's options change only by dropping it first).
   */
  async createIndex(key: Doc, { name: given, ...options }: { name?: string; unique?: boolean } & Doc = {}) {
    const refuse = (code: number, why: string) => Object.assign(new Error(why), { code });
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    // Asked for again, the _id index is already there, whatever the name.
    const name = same(key, { _id: 1 })
      ? "_id_"
      : (given ??
        Object.entries(key)
          .map(([field, order]) => `${field}_${order}`)
          .join("_"));
    const named = this.indexed.get(name);
    if (named && !same(named.key, key)) throw refuse(86, `An existing index has the same name as the requested index: ${name}`);
    if (named && !same(named.options, options)) throw refuse(85, `Index with name: ${name} already exists with different options`);
    if (named) return name;
    const other = [...this.indexed].find(([, index]) => same(index.key, key));
    if (other) throw refuse(85, `Index already exists with a different name: ${other[0]}`);
    this.indexed.set(name, { key, options });
    if (options.unique) this.uniques.push(Object.keys(key));
    return name;
  }

  /** An index that is not there is answered with code 27, as MongoDB does. */
  async dropIndex(name: string) {
    const index = this.indexed.get(name);
    if (!index) throw Object.assign(new Error(`index not found with name [${name}]`), { code: 27 });
    this.indexed.delete(name);
    if (index.options.unique)
      this.uniques.splice(
        this.uniques.findIndex((fields) => fields.join() === Object.keys(index.key).join()),
        1,
      );
  }

  /** The indexes as MongoDB lists them: name, key and the options they were declared with. */
  async indexes() {
    return [...this.indexed].map(([name, { key, options }]) => ({ v: 2, key, name, ...options }));
  }

  /**
   * A unique index holds a document without one of its fields under null, as MongoDB's does (manual,
   * "Unique Indexes", missing field): two documents that both lack it, or hold null there, clash.
   */
  private checkUnique(doc: Doc, except?: Doc) {
    for (const fields of this.uniques) {
      const keyOf = (d: Doc, f: string) => d[f] ?? null;
      const clash = this.docs.find((d) => d !== except && fields.every((f) => sameKey(keyOf(d, f), keyOf(doc, f))));
      if (clash) throw new DuplicateKey(`E11000 duplicate key on ${fields.join(", ")}`);
    }
  }

  private matching(filter: Doc, sort?: Doc | null, limit = 0): Doc[] {
    // By a string _id alone, the commonest lookup, without compiling a query: such an _id equals only itself.
    if (!sort && typeof filter._id === "string" && Object.keys(filter).length === 1) {
      const found = this.docs.filter((d) => d._id === filter._id);
      return limit ? found.slice(0, limit) : found;
    }
    let cursor = new Query(filter, QUERY_OPTIONS).find(this.docs);
    if (sort) cursor = cursor.sort(sort);
    if (limit) cursor = cursor.limit(limit);
    return cursor.all() as Doc[];
  }

  /** The fields a projection keeps, dotted paths into embedded documents and arrays included. */
  private project(doc: Doc, projection?: Doc): Doc {
    if (!projection) return clone(doc);
    return new Query({}, QUERY_OPTIONS).find([clone(doc)], projection).all()[0] as Doc;
  }

  async insertOne(doc: Doc) {
    const stored = clone({ ...doc, _id: doc._id ?? crypto.randomUUID() });
    this.checkUnique(stored);
    this.docs.push(stored);
    return { acknowledged: true, insertedId: stored._id };
  }

  async insertMany(docs: Doc[]) {
    for (const doc of docs) await this.insertOne(doc);
    return { acknowledged: true, insertedCount: docs.length };
  }

  find(filter: Doc, options: Options = {}) {
    return new FakeCursor((sort, limit) => this.matching(filter, sort, limit).map((d) => this.project(d, options.projection)));
  }

  async findOne(filter: Doc, options: Options = {}) {
    const [doc] = this.matching(filter, options.sort, 1);
    return doc ? this.project(doc, options.projection) : null;
  }

  aggregate(pipeline: Doc[]) {
    return {
      toArray: async () =>
        new Aggregator(pipeline, { context: CONTEXT, collectionResolver: (name: string) => clone(this.others(name)) } as never).run(clone(this.docs)),
    };
  }

  private apply(doc: Doc, modifier: Doc): boolean {
    refuseConflicts(modifier);
    const { $setOnInsert: _ignored, ...rest } = modifier;
    if (Object.keys(rest).length === 0) return false;
    const before = JSON.stringify(doc);
    const next = clone(doc);
    update(next, rest as never);
    this.checkUnique(next, doc);
    // $unset removes fields: the document takes the new one's fields exactly.
    for (const field of Object.keys(doc)) if (!(field in next)) delete doc[field];
    Object.assign(doc, next);
    return JSON.stringify(doc) !== before;
  }

  private upsert(filter: Doc, modifier: Doc) {
    const doc: Doc = { ...clone(equalities(filter)), ...clone(modifier.$setOnInsert ?? {}) };
    doc._id ??= crypto.randomUUID();
    this.apply(doc, modifier);
    this.checkUnique(doc);
    this.docs.push(doc);
    return doc;
  }

  async updateOne(filter: Doc, modifier: Doc, options: Options = {}) {
    const [doc] = this.matching(filter, null, 1);
    if (!doc) {
      if (!options.upsert) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0, upsertedId: null };
      const created = this.upsert(filter, modifier);
      return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: created._id };
    }
    const target = this.docs.find((d) => d._id === doc._id)!;
    return { acknowledged: true, matchedCount: 1, modifiedCount: this.apply(target, modifier) ? 1 : 0, upsertedCount: 0, upsertedId: null };
  }

  async updateMany(filter: Doc, modifier: Doc) {
    const ids = new Set(this.matching(filter).map((d) => d._id));
    let modified = 0;
    for (const doc of this.docs.filter((d) => ids.has(d._id))) if (this.apply(doc, modifier)) modified++;
    return { acknowledged: true, matchedCount: ids.size, modifiedCount: modified };
  }

  async replaceOne(filter: Doc, replacement: Doc, options: Options = {}) {
    const [doc] = this.matching(filter, null, 1);
    if (!doc) {
      if (!options.upsert) return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 0 };
      await this.insertOne({ ...equalities(filter), ...replacement });
      return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1 };
    }
    const index = this.docs.findIndex((d) => d._id === doc._id);
    const next = clone({ ...replacement, _id: doc._id });
    this.checkUnique(next, this.docs[index]);
    this.docs[index] = next;
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 };
  }

  async findOneAndUpdate(filter: Doc, modifier: Doc, options: Options = {}) {
    const [doc] = this.matching(filter, options.sort, 1);
    if (!doc) {
      if (!options.upsert) return null;
      const created = this.upsert(filter, modifier);
      return options.returnDocument === "after" ? clone(created) : null;
    }
    const target = this.docs.find((d) => d._id === doc._id)!;
    const before = clone(target);
    this.apply(target, modifier);
    return options.returnDocument === "after" ? clone(target) : before;
  }

  /** The driver's bulkWrite, of the two kinds of operation the adapter sends: replaceOne and updateOne. */
  async bulkWrite(
    operations: Array<{ replaceOne: { filter: Doc; replacement: Doc; upsert?: boolean } } | { updateOne: { filter: Doc; update: Doc } }>,
  ) {
    for (const operation of operations) {
      if ("replaceOne" in operation) {
        const { filter, replacement, upsert } = operation.replaceOne;
        await this.replaceOne(filter, replacement, { upsert });
      } else await this.updateOne(operation.updateOne.filter, operation.updateOne.update);
    }
    return { acknowledged: true };
  }

  async deleteOne(filter: Doc) {
    const [doc] = this.matching(filter, null, 1);
    if (!doc) return { acknowledged: true, deletedCount: 0 };
    this.docs = this.docs.filter((d) => d._id !== doc._id);
    return { acknowledged: true, deletedCount: 1 };
  }

  async deleteMany(filter: Doc) {
    const query = new Query(filter, QUERY_OPTIONS);
    const before = this.docs.length;
    this.docs = this.docs.filter((d) => !query.test(d));
    return { acknowledged: true, deletedCount: before - this.docs.length };
  }
}

/** The session of a transaction: whether one of its operations is under way. */
interface FakeSession {
  busy: boolean;
}

/**
 * Runs one operation of a transaction, refusing a second while the first is under way. The driver
 * starts a transaction with its first command's reply, so two commands sent together both start it
 * and the server refuses one ("transaction number … does not match any in-progress transactions");
 * its withTransaction says operations in a transaction must not run in parallel.
 */
async function oneAtATime<T>(session: FakeSession, operation: () => Promise<T>): Promise<T> {
  if (session.busy) throw new Error("two operations at once in one transaction: MongoDB needs them one after the other");
  session.busy = true;
  try {
    return await operation();
  } finally {
    session.busy = false;
  }
}

/** The transaction whose work is running, for the operations its work starts. */
const runningTransaction = new AsyncLocalStorage<FakeSession>();

/**
 * The collection as the store sees it: each operation given a transaction's session runs alone in it
 * (a cursor's when it is read). One its transaction's work starts without the session is refused: a
 * real server runs it outside the transaction, a read seeing the data as it was before the
 * transaction's writes, a write waiting on the documents the transaction holds until it gives up.
 */
function transactional(fake: FakeCollection): FakeCollection {
  return new Proxy(fake, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const session = (args.at(-1) as Options | undefined)?.session as FakeSession | undefined;
        if (!session && runningTransaction.getStore())
          throw new Error(`${String(name)} without the session inside a transaction: MongoDB would run it outside the transaction`);
        const result = value.apply(target, args);
        if (!session) return result;
        if (result instanceof Promise) return oneAtATime(session, () => result);
        const cursor = result as { toArray(): Promise<Doc[]> };
        const read = cursor.toArray.bind(cursor);
        cursor.toArray = () => oneAtATime(session, read);
        return cursor;
      };
    },
  });
}

/** A database of fake collections and a client whose transactions run one at a time, all or nothing. */
export function mingoDatabase(): { client: Pick<MongoClient, "withSession" | "close">; db: Db } {
  const collections = new Map<string, FakeCollection>();
  const collection = (name: string) => {
    if (!collections.has(name)) collections.set(name, new FakeCollection((other) => collection(other).docs));
    return collections.get(name)!;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const session = {
    busy: false,
    async withTransaction<T>(work: () => Promise<T>): Promise<T> {
      // Refused rather than queued behind the first, which it would wait on for ever here; MongoDB
      // would run it in a session of its own, committed apart and in conflict with the first's writes.
      if (runningTransaction.getStore()) throw new Error("a transaction begun inside another: MongoDB would run it apart from the first");
      const run = queue.then(async () => {
        const snapshot = new Map([...collections].map(([name, c]) => [name, clone(c.docs)]));
        try {
          return await runningTransaction.run(session, work);
        } catch (error) {
          // A collection the transaction made is emptied: MongoDB drops one created in an aborted transaction.
          for (const [name, c] of collections) c.docs = snapshot.get(name) ?? [];
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
  const db = {
    collection: (name: string) => transactional(collection(name)),
    async command(command: Doc) {
      if ("ping" in command) return { ok: 1 };
      throw new Error(`command not supported by the mingo stand-in: ${Object.keys(command)[0]}`);
    },
  };
  const client = {
    withSession: (work: (s: typeof session) => Promise<unknown>) => work(session),
    close: async () => undefined,
  };
  return { client: client as never, db: db as never };
}

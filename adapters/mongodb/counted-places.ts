import type { ClientSession } from "mongodb";
import type { Database, Document } from "./database.ts";

/** A count of an organization's things, kept on the organization's document. */
interface Count {
  readonly orgId: string;
  /** The count's field on the organization's document: `appCount`, `channelCounts.<appId>`. */
  readonly field: string;
  /** How many it holds, read from the things themselves: once, for a count not kept yet. */
  readonly held: (session: ClientSession) => Promise<number>;
}

/** A new thing of an organization, counted so that it holds at most `limit`. */
interface Counted extends Count {
  readonly limit: number;
  readonly insert: (session: ClientSession) => Promise<unknown>;
}

/**
 * Sets a count not kept yet (things written by an earlier version, or copied in) from the things
 * there are. Whoever writes it, a creation or a give-back, writes the organization's document, so
 * two transactions counting at once write-conflict and the one retried counts again.
 */
async function keepCount(data: Database, session: ClientSession, { orgId, field, held }: Count): Promise<void> {
  const organizations = data.collection("organizations");
  if (await organizations.findOne({ _id: orgId, [field]: { $exists: false } }, { session }))
    await organizations.updateOne({ _id: orgId, [field]: { $exists: false } }, { $set: { [field]: await held(session) } }, { session });
}

/**
 * Inserts the thing if the organization has room for it; false when it has not. The conditional
 * increment is the limit: two creations cannot both take the last place. The count and the insert
 * are one transaction, so an insert that fails, or a process that dies between them, takes no place.
 */
export const insertCounted = (data: Database, counted: Counted): Promise<boolean> =>
  data.transaction(async (session) => {
    const { orgId, field, limit, insert } = counted;
    await keepCount(data, session, counted);
    const taken = await data.collection("organizations").updateOne({ _id: orgId, [field]: { $lt: limit } }, { $inc: { [field]: 1 } }, { session });
    if (taken.modifiedCount !== 1) return false;
    await insert(session);
    return true;
  });

/**
 * Removes a counted thing (`remove` says whether there was one to remove) and gives its place back,
 * in one transaction: the thing is not gone without its place, nor its place without the thing.
 */
export const giveBack = (data: Database, count: Count, remove: (session: ClientSession) => Promise<boolean>): Promise<boolean> =>
  data.transaction(async (session) => {
    const { orgId, field } = count;
    await keepCount(data, session, count);
    const removed = await remove(session);
    if (removed) await data.collection("organizations").updateOne({ _id: orgId, [field]: { $gt: 0 } }, { $inc: { [field]: -1 } }, { session });
    return removed;
  });

/** How many documents match: for a count's first reading. */
export const countOf = async (found: { toArray(): Promise<Document[]> }): Promise<number> => (await found.toArray()).length;

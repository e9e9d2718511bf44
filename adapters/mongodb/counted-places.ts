import type { Database, Document } from "./database.ts";

/** A new thing of an organization, counted on the organization's document so that it holds at most `limit`. */
interface Counted {
  readonly orgId: string;
  /** The count's field on the organization's document: `appCount`, `channelCounts.<appId>`. */
  readonly field: string;
  readonly limit: number;
  /** How many it holds, read from the things themselves: once, for a count not kept yet. */
  readonly held: () => Promise<number>;
  readonly insert: () => Promise<unknown>;
}

/**
 * Inserts the thing if the organization has room for it; false when it has not. The conditional
 * increment is the limit: two creations cannot both take the last place. A count not kept yet
 * (things written by an earlier version, or copied in) starts from those there are: the first to
 * set it wins, and every creation then counts on it.
 */
export async function insertCounted(data: Database, { orgId, field, limit, held, insert }: Counted): Promise<boolean> {
  const organizations = data.collection("organizations");
  if (await organizations.findOne({ _id: orgId, [field]: { $exists: false } }))
    await organizations.updateOne({ _id: orgId, [field]: { $exists: false } }, { $set: { [field]: await held() } });
  const taken = await organizations.updateOne({ _id: orgId, [field]: { $lt: limit } }, { $inc: { [field]: 1 } });
  if (taken.modifiedCount !== 1) return false;
  try {
    await insert();
  } catch (error) {
    await giveBack(data, orgId, field);
    throw error;
  }
  return true;
}

/** Gives a place back: the thing is gone (a revoked key), or was never written. */
export async function giveBack(data: Database, orgId: string, field: string): Promise<void> {
  await data.collection("organizations").updateOne({ _id: orgId, [field]: { $gt: 0 } }, { $inc: { [field]: -1 } });
}

/** How many documents match: for a count's first reading. */
export const countOf = async (found: { toArray(): Promise<Document[]> }): Promise<number> => (await found.toArray()).length;

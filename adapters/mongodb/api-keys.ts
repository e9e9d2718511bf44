import type { ClientSession } from "mongodb";
import type { ApiKeyRecord, ApiKeyStore } from "../../core/store/api-keys.ts";
import type { Database, Document } from "./database.ts";
import { recordsUse } from "../../core/last-use.ts";
import { countOf, giveBack, insertCounted } from "./counted-places.ts";

const toKey = (d: Document): ApiKeyRecord => ({
  id: d._id,
  orgId: d.orgId,
  name: d.name,
  scopes: d.scopes,
  createdAt: d.createdAt,
  lastUsedAt: d.lastUsedAt ?? null,
});

/** A key that is not revoked (a copied store writes a null revokedAt). */
const LIVE = { $or: [{ revokedAt: { $exists: false } }, { revokedAt: null }] };

/** Organization API keys, stored as the digest of the key. */
export function apiKeyStore(data: Database): ApiKeyStore {
  const keys = () => data.collection("api_keys");
  const count = (orgId: string) => ({
    orgId,
    field: "apiKeyCount",
    held: (session: ClientSession) => countOf(keys().find({ orgId, ...LIVE }, { session })),
  });
  return {
    createApiKey: ({ id, ...k }, limit) =>
      insertCounted(data, { ...count(k.orgId), limit, insert: (session) => keys().insertOne({ _id: id, id, ...k }, { session }) }),
    async listApiKeys(orgId) {
      return (
        await keys()
          .find({ orgId, ...LIVE })
          .sort({ createdAt: 1, _id: 1 })
          .toArray()
      ).map(toKey);
    },
    revokeApiKey: (orgId, id, at) =>
      giveBack(data, count(orgId), async (session) => {
        const revoked = await keys().updateOne({ _id: id, orgId, ...LIVE }, { $set: { revokedAt: at } }, { session });
        return revoked.modifiedCount === 1;
      }),
    async authenticateApiKey(hash, now) {
      const found = await keys().findOne({ keyHash: hash, ...LIVE });
      if (!found) return null;
      if (recordsUse(found.lastUsedAt, now)) {
        await keys().updateOne({ _id: found._id }, { $set: { lastUsedAt: now } });
        return toKey({ ...found, lastUsedAt: now });
      }
      return toKey(found);
    },
  };
}

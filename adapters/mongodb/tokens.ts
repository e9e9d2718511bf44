import type { TokenStore } from "../../core/store/tokens.ts";
import { type Database, expiryDate, toDocument } from "./database.ts";

export function tokenStore(data: Database): TokenStore {
  return {
    async createToken(t) {
      await data.collection("tokens").insertOne({
        ...toDocument({ ...t, scopes: [...t.scopes] }),
        kind: "personal",
        revokedAt: null,
        lastUsedAt: null,
        ...(t.expiresAt !== null && { expiresAtDate: expiryDate(t.expiresAt) }),
      });
    },
    async listTokens(orgId) {
      const found = await data.collection("tokens").find({ orgId, kind: "personal" }).sort({ createdAt: 1, _id: 1 }).toArray();
      return found.map((t) => ({
        id: String(t._id),
        userId: t.userId,
        label: t.label,
        scopes: t.scopes,
        createdAt: t.createdAt,
        expiresAt: t.expiresAt ?? null,
        lastUsedAt: t.lastUsedAt ?? null,
        revoked: t.revokedAt !== null && t.revokedAt !== undefined,
      }));
    },
    async revokeToken(orgId, tokenId, at) {
      return (
        (await data.collection("tokens").updateOne({ orgId, _id: tokenId, kind: "personal", revokedAt: null }, { $set: { revokedAt: at } }))
          .modifiedCount === 1
      );
    },
  };
}

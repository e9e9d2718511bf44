import { activeSince } from "../../core/oauth/refresh.ts";
import type { AccessStore } from "../../core/store/access.ts";
import { compoundId, type Database } from "./database.ts";
import { recordsUse } from "../../core/last-use.ts";

export function accessStore(data: Database): AccessStore {
  return {
    async authenticate(hash, now, idleMs) {
      const token = await data.collection("tokens").findOne({
        tokenHash: hash,
        kind: { $in: ["personal", "access"] },
        revokedAt: null,
        $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }],
      });
      if (!token) return null;
      // A token counts only while its holder is a member, and, for an agent's token, while the agent lives.
      const membership = await data.collection("memberships").findOne({ _id: compoundId(token.orgId, token.userId) });
      if (!membership) return null;
      const agent = token.agentId
        ? await data.collection("agents").findOne({ _id: token.agentId, revokedAt: null, lastUsedAt: { $gt: activeSince(now, idleMs) } })
        : null;
      if (token.agentId && !agent) return null;
      if (recordsUse(token.lastUsedAt, now)) await data.collection("tokens").updateOne({ _id: token._id }, { $set: { lastUsedAt: now } });
      if (agent && recordsUse(agent.lastUsedAt, now)) await data.collection("agents").updateOne({ _id: agent._id }, { $max: { lastUsedAt: now } });
      return {
        tokenId: String(token._id),
        orgId: token.orgId,
        userId: token.userId,
        role: membership.role,
        scopes: token.scopes,
        resource: token.resource ?? null,
        agentId: token.agentId ?? null,
      };
    },
  };
}

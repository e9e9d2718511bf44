import type { ClientSession } from "mongodb";
import type { Agent, AgentToken, AuthCode } from "../../core/model.ts";
import { judgeRefreshToken } from "../../core/oauth/refresh.ts";
import { replacedBy } from "../../core/oauth/replaced-agents.ts";
import type { AgentView, OAuthStore, RefreshOutcome } from "../../core/store/oauth.ts";
import { compoundId, type Database, type Document, expiryDate, fromDocument, toDocument } from "./database.ts";

const toAgent = (d: Document): Agent => fromDocument<Agent>(d, ["revokedAt"]);

export function oauthStore(data: Database): OAuthStore {
  const tokens = () => data.collection("tokens");
  const agents = () => data.collection("agents");
  const tokenDocument = (t: AgentToken) => ({
    _id: t.id,
    tokenHash: t.tokenHash,
    orgId: t.orgId,
    userId: t.userId,
    scopes: [...t.scopes],
    label: "agent",
    createdAt: t.createdAt,
    expiresAt: t.expiresAt,
    expiresAtDate: expiryDate(t.expiresAt),
    kind: t.kind,
    agentId: t.agentId,
    resource: t.resource,
    usedAt: null,
    revokedAt: null,
  });
  const revokeAgentNow = async (agentId: string, at: number, session?: ClientSession) => {
    await agents().updateOne({ _id: agentId, revokedAt: null }, { $set: { revokedAt: at } }, { session });
    await tokens().updateMany({ agentId, revokedAt: null }, { $set: { revokedAt: at } }, { session });
  };

  return {
    async createClient(c) {
      await data.collection("oauth_clients").insertOne(toDocument(c));
    },

    async deleteUnusedClients(createdBefore) {
      const old = await data
        .collection("oauth_clients")
        .find({ createdAt: { $lt: createdBefore } }, { projection: { _id: 1 } })
        .toArray();
      const ids = old.map((c) => c._id);
      if (ids.length === 0) return;
      const byClient = { clientId: { $in: ids } };
      const [used, coded] = await Promise.all([
        agents()
          .find(byClient, { projection: { clientId: 1 } })
          .toArray(),
        data
          .collection("auth_codes")
          .find(byClient, { projection: { clientId: 1 } })
          .toArray(),
      ]);
      const keep = new Set([...used, ...coded].map((d) => d.clientId as string));
      const unused = ids.filter((id) => !keep.has(id));
      if (unused.length > 0) await data.collection("oauth_clients").deleteMany({ _id: { $in: unused }, createdAt: { $lt: createdBefore } });
    },

    async findClient(id) {
      const found = await data.collection("oauth_clients").findOne({ _id: id });
      return found ? fromDocument(found, ["lastAuthorizedAt"]) : null;
    },

    async createAuthCode(c) {
      await data.collection("auth_codes").insertOne({ ...toDocument({ ...c, id: c.codeHash }), usedAt: null, agentId: null });
    },

    async findAuthCode(codeHash) {
      const found = await data.collection("auth_codes").findOne({ _id: codeHash });
      if (!found) return null;
      const { agentId, usedAt, id: _i, ...code } = fromDocument<AuthCode & { id: string; agentId?: string; usedAt?: number }>(found);
      return { code: { ...code, codeHash }, previousAgentId: agentId ?? null, alreadyUsed: usedAt !== undefined };
    },

    createAgent: (agent, codeHash, issued, now) =>
      data.transaction(async (session) => {
        // The conditional update is the single use: of two concurrent exchanges, one finds it used.
        const used = await data
          .collection("auth_codes")
          .updateOne({ _id: codeHash, usedAt: null }, { $set: { usedAt: now, agentId: agent.id } }, { session });
        if (used.modifiedCount !== 1) return false;
        // Two first authorizations at the same moment would each read the other's agent as absent
        // (a snapshot) and both live on: a write to the client's document, which both make, has
        // the later transaction conflict and run again, when it reads the earlier agent to replace.
        await data.collection("oauth_clients").updateOne({ _id: agent.clientId }, { $set: { lastAuthorizedAt: now } }, { session });
        const live = await agents().find({ orgId: agent.orgId, userId: agent.userId, revokedAt: null }, { session }).toArray();
        for (const replaced of replacedBy(agent, live.map(toAgent))) await revokeAgentNow(replaced, now, session);
        await agents().insertOne({ ...toDocument(agent), revokedAt: null }, { session });
        await tokens().insertMany(issued.map(tokenDocument), { session });
        return true;
      }),

    async rotateRefreshToken(tokenHash, clientId, now, idleMs, next): Promise<RefreshOutcome> {
      const token = await tokens().findOne({ tokenHash, kind: "refresh" });
      const agent = token && (await agents().findOne({ _id: token.agentId, clientId }));
      if (!token || !agent) return { state: "invalid" };
      const verdict = judgeRefreshToken(
        {
          agentRevoked: agent.revokedAt !== null,
          used: token.usedAt !== null,
          revoked: token.revokedAt !== null,
          expiresAt: token.expiresAt,
          agentLastUsedAt: agent.lastUsedAt,
        },
        now,
        idleMs,
      );
      if (verdict === "reused") await revokeAgentNow(String(agent._id), now);
      if (verdict !== "current") return { state: verdict };
      if (!(await data.collection("memberships").findOne({ _id: compoundId(agent.orgId, agent.userId) }))) return { state: "invalid" };
      const rotated = { ...toAgent(agent), lastUsedAt: now };
      const issued = next(rotated);
      if (!issued) return { state: "declined" };
      return data.transaction(async (session): Promise<RefreshOutcome> => {
        // The conditional update is the single use: of two concurrent rotations, one finds it used,
        // and a token used before is judged `reused` (core's judgeRefreshToken): the agent is revoked.
        const used = await tokens().updateOne({ _id: token._id, usedAt: null }, { $set: { usedAt: now } }, { session });
        if (used.modifiedCount !== 1) {
          await revokeAgentNow(String(agent._id), now, session);
          return { state: "reused" };
        }
        await agents().updateOne({ _id: agent._id }, { $set: { lastUsedAt: now } }, { session });
        await tokens().insertMany(issued.map(tokenDocument), { session });
        return { state: "rotated", agent: rotated };
      });
    },

    async revokeTokenOfClient(tokenHash, clientId, at) {
      const token = await tokens().findOne({ tokenHash, revokedAt: null, agentId: { $ne: null } });
      if (!token || !(await agents().findOne({ _id: token.agentId, clientId }))) return false;
      if (token.kind === "refresh") {
        await data.transaction((session) => revokeAgentNow(String(token.agentId), at, session));
        return true;
      }
      return (await tokens().updateOne({ _id: token._id, revokedAt: null }, { $set: { revokedAt: at } })).modifiedCount === 1;
    },

    async listAgents(orgId, userId) {
      const list = await agents()
        .find({ orgId, revokedAt: null, ...(userId !== null && { userId }) })
        .sort({ lastUsedAt: -1, _id: -1 })
        .toArray();
      const [clients, users] = await Promise.all([
        data
          .collection("oauth_clients")
          .find({ _id: { $in: list.map((a) => a.clientId) } })
          .toArray(),
        data
          .collection("users")
          .find({ _id: { $in: list.map((a) => a.userId) } })
          .toArray(),
      ]);
      const clientsById = new Map(clients.map((c) => [String(c._id), c]));
      const emails = new Map(users.map((u) => [String(u._id), u.email as string]));
      return list.map((a): AgentView => {
        const client = clientsById.get(a.clientId);
        return { ...toAgent(a), clientName: client?.name ?? "", redirectUris: client?.redirectUris ?? [], email: emails.get(a.userId) ?? "" };
      });
    },

    async revokeAgents(orgId, agentIds, userId, at) {
      return data.transaction(async (session) => {
        const owned = await agents()
          .find({ _id: { $in: [...agentIds] }, orgId, revokedAt: null, ...(userId !== null && { userId }) }, { session, projection: { _id: 1 } })
          .toArray();
        for (const agent of owned) await revokeAgentNow(String(agent._id), at, session);
        return owned.length > 0;
      });
    },
  };
}

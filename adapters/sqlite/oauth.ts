import type { Database } from "bun:sqlite";
import type { Agent, AgentToken, AuthCode, Scope } from "../../core/model.ts";
import { judgeRefreshToken } from "../../core/oauth/refresh.ts";
import { replacedBy } from "../../core/oauth/replaced-agents.ts";
import type { AgentView, OAuthStore, RefreshOutcome } from "../../core/store/oauth.ts";
import type { WriteBatch } from "./write-batch.ts";

interface AgentRow {
  id: string;
  client_id: string;
  user_id: string;
  org_id: string;
  scopes: string;
  resource: string;
  created_at: number;
  last_used_at: number;
}

const scopesOf = (text: string): Scope[] => text.split(" ").filter(Boolean) as Scope[];

const toAgent = (r: AgentRow): Agent => ({
  id: r.id,
  clientId: r.client_id,
  userId: r.user_id,
  orgId: r.org_id,
  scopes: scopesOf(r.scopes),
  resource: r.resource,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

export function oauthStore(db: Database, batch: WriteBatch): OAuthStore {
  const insertToken = (t: AgentToken) =>
    db
      .query(
        `INSERT INTO tokens (id, token_hash, org_id, user_id, scopes, label, created_at, expires_at, kind, agent_id, resource)
         VALUES (?, ?, ?, ?, ?, 'agent', ?, ?, ?, ?, ?)`,
      )
      .run(t.id, t.tokenHash, t.orgId, t.userId, t.scopes.join(" "), t.createdAt, t.expiresAt, t.kind, t.agentId, t.resource);

  const revokeAgentNow = (agentId: string, at: number) => {
    db.query("UPDATE agents SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL").run(at, agentId);
    db.query("UPDATE tokens SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL").run(at, agentId);
  };

  return {
    async createClient(c) {
      await batch.run(() =>
        db
          .query("INSERT INTO oauth_clients (id, name, redirect_uris, created_at) VALUES (?, ?, ?, ?)")
          .run(c.id, c.name, JSON.stringify(c.redirectUris), c.createdAt),
      );
    },

    async deleteUnusedClients(createdBefore) {
      await batch.run(() =>
        db
          .query(
            `DELETE FROM oauth_clients WHERE created_at < ?
               AND NOT EXISTS (SELECT 1 FROM agents WHERE agents.client_id = oauth_clients.id)
               AND NOT EXISTS (SELECT 1 FROM auth_codes WHERE auth_codes.client_id = oauth_clients.id)`,
          )
          .run(createdBefore),
      );
    },

    async findClient(id) {
      const row = db
        .query<{ id: string; name: string; redirect_uris: string; created_at: number }, [string]>("SELECT * FROM oauth_clients WHERE id = ?")
        .get(id);
      return row ? { id: row.id, name: row.name, redirectUris: JSON.parse(row.redirect_uris), createdAt: row.created_at } : null;
    },

    async createAuthCode(c) {
      await batch.run(() =>
        db
          .query(
            `INSERT INTO auth_codes (code_hash, client_id, user_id, org_id, redirect_uri, code_challenge, scopes, resource, expires_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(c.codeHash, c.clientId, c.userId, c.orgId, c.redirectUri, c.codeChallenge, c.scopes.join(" "), c.resource, c.expiresAt),
      );
    },

    async findAuthCode(codeHash) {
      {
        const row = db
          .query<
            {
              code_hash: string;
              client_id: string;
              user_id: string;
              org_id: string;
              redirect_uri: string;
              code_challenge: string;
              scopes: string;
              resource: string;
              expires_at: number;
              used_at: number | null;
              agent_id: string | null;
            },
            [string]
          >("SELECT * FROM auth_codes WHERE code_hash = ?")
          .get(codeHash);
        if (!row) return null;
        const code: AuthCode = {
          codeHash,
          clientId: row.client_id,
          userId: row.user_id,
          orgId: row.org_id,
          redirectUri: row.redirect_uri,
          codeChallenge: row.code_challenge,
          scopes: scopesOf(row.scopes),
          resource: row.resource,
          expiresAt: row.expires_at,
        };
        return { code, previousAgentId: row.agent_id, alreadyUsed: row.used_at !== null };
      }
    },

    createAgent: (agent, codeHash, tokens, now) =>
      batch.run(() => {
        // The conditional update is the single use: of two concurrent exchanges, one finds it used.
        const used = db.query("UPDATE auth_codes SET used_at = ?, agent_id = ? WHERE code_hash = ? AND used_at IS NULL").run(now, agent.id, codeHash);
        if (used.changes !== 1) return false;
        const live = db
          .query<AgentRow, [string, string]>("SELECT * FROM agents WHERE org_id = ? AND user_id = ? AND revoked_at IS NULL")
          .all(agent.orgId, agent.userId);
        for (const replaced of replacedBy(agent, live.map(toAgent))) revokeAgentNow(replaced, now);
        db.query(
          "INSERT INTO agents (id, client_id, user_id, org_id, scopes, resource, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(agent.id, agent.clientId, agent.userId, agent.orgId, agent.scopes.join(" "), agent.resource, agent.createdAt, agent.lastUsedAt);
        for (const t of tokens) insertToken(t);
        return true;
      }),

    rotateRefreshToken: (tokenHash, clientId, now, idleMs, next) =>
      batch.run((): RefreshOutcome => {
        const row = db
          .query<
            AgentRow & { token_id: string; used_at: number | null; expires_at: number; token_revoked: number | null; agent_revoked: number | null },
            [string, string]
          >(
            `SELECT g.*, t.id AS token_id, t.used_at, t.expires_at, t.revoked_at AS token_revoked, g.revoked_at AS agent_revoked
             FROM tokens t JOIN agents g ON g.id = t.agent_id
             WHERE t.token_hash = ? AND t.kind = 'refresh' AND g.client_id = ?`,
          )
          .get(tokenHash, clientId);
        if (!row) return { state: "invalid" };
        const verdict = judgeRefreshToken(
          {
            agentRevoked: row.agent_revoked !== null,
            used: row.used_at !== null,
            revoked: row.token_revoked !== null,
            expiresAt: row.expires_at,
            agentLastUsedAt: row.last_used_at,
          },
          now,
          idleMs,
        );
        if (verdict === "reused") revokeAgentNow(row.id, now);
        if (verdict !== "current") return { state: verdict };
        const member = db.query("SELECT 1 FROM memberships WHERE org_id = ? AND user_id = ?").get(row.org_id, row.user_id);
        if (!member) return { state: "invalid" };
        const agent = { ...toAgent(row), lastUsedAt: now };
        const issued = next(agent);
        if (!issued) return { state: "declined" };
        db.query("UPDATE tokens SET used_at = ? WHERE id = ?").run(now, row.token_id);
        db.query("UPDATE agents SET last_used_at = ? WHERE id = ?").run(now, row.id);
        for (const t of issued) insertToken(t);
        return { state: "rotated", agent };
      }),

    revokeTokenOfClient: (tokenHash, clientId, at) =>
      batch.run(() => {
        const token = db
          .query<{ id: string; kind: string; agent_id: string }, [string, string]>(
            `SELECT t.id, t.kind, t.agent_id FROM tokens t JOIN agents g ON g.id = t.agent_id
             WHERE t.token_hash = ? AND t.revoked_at IS NULL AND g.client_id = ?`,
          )
          .get(tokenHash, clientId);
        if (!token) return false;
        if (token.kind === "refresh") revokeAgentNow(token.agent_id, at);
        else db.query("UPDATE tokens SET revoked_at = ? WHERE id = ?").run(at, token.id);
        return true;
      }),

    async listAgents(orgId, userId) {
      const rows = db
        .query<AgentRow & { client_name: string; redirect_uris: string; email: string }, [string, string | null, string | null]>(
          `SELECT g.*, c.name AS client_name, c.redirect_uris, u.email FROM agents g
           JOIN oauth_clients c ON c.id = g.client_id JOIN users u ON u.id = g.user_id
           WHERE g.org_id = ? AND g.revoked_at IS NULL AND (? IS NULL OR g.user_id = ?)
           ORDER BY g.last_used_at DESC, g.id DESC`,
        )
        .all(orgId, userId, userId);
      return rows.map((r): AgentView => ({ ...toAgent(r), clientName: r.client_name, redirectUris: JSON.parse(r.redirect_uris), email: r.email }));
    },

    revokeAgents: (orgId, agentIds, userId, at) =>
      batch.run(() => {
        const owned = db.query<{ id: string }, [string, string, string | null, string | null]>(
          "SELECT id FROM agents WHERE id = ? AND org_id = ? AND revoked_at IS NULL AND (? IS NULL OR user_id = ?)",
        );
        const live = agentIds.filter((id) => owned.get(id, orgId, userId, userId));
        for (const id of live) revokeAgentNow(id, at);
        return live.length > 0;
      }),
  };
}

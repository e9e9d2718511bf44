import type { Database } from "bun:sqlite";
import type { Role, Scope } from "../../core/model.ts";
import { activeSince } from "../../core/oauth/refresh.ts";
import type { AccessStore } from "../../core/store/access.ts";
import type { WriteBatch } from "./write-batch.ts";
import { recordsUse } from "../../core/last-use.ts";

interface Row {
  id: string;
  org_id: string;
  user_id: string;
  scopes: string;
  last_used_at: number | null;
  role: string;
  resource: string | null;
  agent_id: string | null;
  agent_last_used_at: number | null;
}

export function accessStore(db: Database, batch: WriteBatch): AccessStore {
  return {
    async authenticate(hash, now, idleMs) {
      // A token counts only while its holder is a member, and, for an agent's token, while the agent lives.
      const row = db
        .query<Row, [string, number, number]>(
          `SELECT t.id, t.org_id, t.user_id, t.scopes, t.last_used_at, m.role, t.resource, t.agent_id, g.last_used_at AS agent_last_used_at
           FROM tokens t
           JOIN memberships m ON m.org_id = t.org_id AND m.user_id = t.user_id
           LEFT JOIN agents g ON g.id = t.agent_id
           WHERE t.token_hash = ? AND t.kind IN ('personal', 'access') AND t.revoked_at IS NULL
             AND (t.expires_at IS NULL OR t.expires_at > ?)
             AND (t.agent_id IS NULL OR (g.revoked_at IS NULL AND g.last_used_at > ?))`,
        )
        .get(hash, now, activeSince(now, idleMs));
      if (!row) return null;
      if (recordsUse(row.last_used_at, now) || (row.agent_id && recordsUse(row.agent_last_used_at, now))) {
        await batch.run(() => {
          db.query("UPDATE tokens SET last_used_at = ? WHERE id = ?").run(now, row.id);
          if (row.agent_id) db.query("UPDATE agents SET last_used_at = ? WHERE id = ?").run(now, row.agent_id);
        });
      }
      return {
        tokenId: row.id,
        orgId: row.org_id,
        userId: row.user_id,
        role: row.role as Role,
        scopes: row.scopes.split(" ").filter(Boolean) as Scope[],
        resource: row.resource,
        agentId: row.agent_id,
      };
    },
  };
}

import type { Database } from "bun:sqlite";
import type { AccessStore } from "../../core/store.ts";
import type { Role, Scope } from "../../core/model.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Recording every use would turn each read into a write; a minute's precision is plenty for "last used". */
const LAST_USE_PRECISION_MS = 60_000;

export function accessStore(db: Database, batch: WriteBatch): AccessStore {
  return {
    async authenticate(hash, now) {
      const row = db
        .query<{ id: string; org_id: string; user_id: string; scopes: string; last_used_at: number | null; role: string }, [string, number]>(
          `SELECT t.id, t.org_id, t.user_id, t.scopes, t.last_used_at, m.role
           FROM tokens t JOIN memberships m ON m.org_id = t.org_id AND m.user_id = t.user_id
           WHERE t.token_hash = ? AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?)`,
        )
        .get(hash, now);
      if (!row) return null;
      if ((row.last_used_at ?? 0) < now - LAST_USE_PRECISION_MS) {
        await batch.run(() => db.query("UPDATE tokens SET last_used_at = ? WHERE id = ?").run(now, row.id));
      }
      return {
        tokenId: row.id,
        orgId: row.org_id,
        userId: row.user_id,
        role: row.role as Role,
        scopes: row.scopes.split(" ").filter(Boolean) as Scope[],
      };
    },
  };
}

import type { Database } from "bun:sqlite";
import type { Scope } from "../../core/model.ts";
import type { ApiKeyRecord, ApiKeyStore } from "../../core/store/api-keys.ts";
import type { WriteBatch } from "./write-batch.ts";
import { recordsUse } from "../../core/last-use.ts";

interface Row {
  id: string;
  org_id: string;
  name: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
}

const toKey = (r: Row): ApiKeyRecord => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  scopes: r.scopes.split(" ").filter(Boolean) as Scope[],
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});

const COLUMNS = "id, org_id, name, scopes, created_at, last_used_at";

/** Organization API keys, stored as the digest of the key. */
export function apiKeyStore(db: Database, batch: WriteBatch): ApiKeyStore {
  return {
    createApiKey: (k, limit) =>
      // One statement counts and inserts: no other write comes between them.
      batch.run(
        () =>
          db
            .query(
              `INSERT INTO api_keys (id, org_id, name, key_hash, scopes, created_at, last_used_at) SELECT ?, ?, ?, ?, ?, ?, ?
               WHERE (SELECT count(*) FROM api_keys WHERE org_id = ? AND revoked_at IS NULL) < ?`,
            )
            .run(k.id, k.orgId, k.name, k.keyHash, k.scopes.join(" "), k.createdAt, k.lastUsedAt, k.orgId, limit).changes === 1,
      ),
    async listApiKeys(orgId) {
      return db
        .query<Row, [string]>(`SELECT ${COLUMNS} FROM api_keys WHERE org_id = ? AND revoked_at IS NULL ORDER BY created_at, id`)
        .all(orgId)
        .map(toKey);
    },
    async revokeApiKey(orgId, id, at) {
      return batch.run(
        () => db.query("UPDATE api_keys SET revoked_at = ? WHERE org_id = ? AND id = ? AND revoked_at IS NULL").run(at, orgId, id).changes === 1,
      );
    },
    async authenticateApiKey(hash, now) {
      const row = db.query<Row, [string]>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL`).get(hash);
      if (!row) return null;
      if (recordsUse(row.last_used_at, now)) {
        await batch.run(() => db.query("UPDATE api_keys SET last_used_at = ? WHERE id = ?").run(now, row.id));
        return toKey({ ...row, last_used_at: now });
      }
      return toKey(row);
    },
  };
}

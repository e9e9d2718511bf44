import type { Database } from "bun:sqlite";
import type { TokenStore } from "../../core/store/tokens.ts";
import type { Scope } from "../../core/model.ts";

export function tokenStore(db: Database): TokenStore {
  return {
    async createToken(t) {
      db.query("INSERT INTO tokens (id, token_hash, org_id, user_id, scopes, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
        t.id,
        t.tokenHash,
        t.orgId,
        t.userId,
        t.scopes.join(" "),
        t.label,
        t.createdAt,
        t.expiresAt,
      );
    },
    async listTokens(orgId) {
      return db
        .query<
          {
            id: string;
            user_id: string;
            label: string;
            scopes: string;
            created_at: number;
            expires_at: number | null;
            last_used_at: number | null;
            revoked_at: number | null;
          },
          [string]
        >(
          "SELECT id, user_id, label, scopes, created_at, expires_at, last_used_at, revoked_at FROM tokens WHERE org_id = ? AND kind = 'personal' ORDER BY created_at, id",
        )
        .all(orgId)
        .map((r) => ({
          id: r.id,
          userId: r.user_id,
          label: r.label,
          scopes: r.scopes.split(" ").filter(Boolean) as Scope[],
          createdAt: r.created_at,
          expiresAt: r.expires_at,
          lastUsedAt: r.last_used_at,
          revoked: r.revoked_at !== null,
        }));
    },
    async revokeToken(orgId, tokenId, at) {
      return (
        db.query("UPDATE tokens SET revoked_at = ? WHERE org_id = ? AND id = ? AND kind = 'personal' AND revoked_at IS NULL").run(at, orgId, tokenId)
          .changes === 1
      );
    },
  };
}

import type { Database } from "bun:sqlite";
import type { PortalPeopleStore } from "../../core/store/portal-people.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Portal sign-in links and sessions, hashed; apart from the team's sessions. */
export function portalPeopleStore(db: Database, batch: WriteBatch): PortalPeopleStore {
  return {
    async saveSignInLink(tokenHash, link) {
      await batch.run(() =>
        db
          .query("INSERT INTO portal_links (token_hash, org_id, email, expires_at) VALUES (?, ?, ?, ?)")
          .run(tokenHash, link.orgId, link.email, link.expiresAt),
      );
    },

    // Deleted as it is read, in one statement: two clicks on one link open one session.
    takeSignInLink: (tokenHash, now) =>
      batch.run(() => {
        const link = db
          .query<{ org_id: string; email: string; expires_at: number }, [string]>(
            "DELETE FROM portal_links WHERE token_hash = ? RETURNING org_id, email, expires_at",
          )
          .get(tokenHash);
        return link && link.expires_at > now ? { orgId: link.org_id, email: link.email } : null;
      }),

    async findSignInLink(tokenHash, now) {
      const link = db
        .query<{ org_id: string; email: string }, [string, number]>("SELECT org_id, email FROM portal_links WHERE token_hash = ? AND expires_at > ?")
        .get(tokenHash, now);
      return link && { orgId: link.org_id, email: link.email };
    },

    async createPortalSession(idHash, s) {
      await batch.run(() =>
        db
          .query("INSERT INTO portal_sessions (id_hash, org_id, email, name, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)")
          .run(idHash, s.orgId, s.email, s.name ?? null, s.createdAt, s.expiresAt),
      );
    },

    async findPortalSession(idHash, now) {
      const row = db
        .query<{ org_id: string; email: string; name: string | null }, [string, number]>(
          "SELECT org_id, email, name FROM portal_sessions WHERE id_hash = ? AND expires_at > ?",
        )
        .get(idHash, now);
      return row ? { orgId: row.org_id, email: row.email, ...(row.name !== null && { name: row.name }) } : null;
    },

    async deletePortalSession(idHash) {
      await batch.run(() => db.query("DELETE FROM portal_sessions WHERE id_hash = ?").run(idHash));
    },
  };
}

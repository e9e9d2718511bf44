import type { Database } from "bun:sqlite";
import type { Role } from "../../core/model.ts";
import type { AccountStore } from "../../core/store/accounts.ts";
import type { WriteBatch } from "./write-batch.ts";

export function accountStore(db: Database, batch: WriteBatch): AccountStore {
  return {
    async findCredentials(email) {
      const row = db.query<{ id: string; password_hash: string | null }, [string]>("SELECT id, password_hash FROM users WHERE email = ?").get(email);
      return row ? { userId: row.id, passwordHash: row.password_hash } : null;
    },
    async setPassword(userId, hash) {
      await batch.run(() => db.query("UPDATE users SET password_hash = ? WHERE id = ?").run(hash, userId));
    },
    async createSession(idHash, userId, createdAt, expiresAt) {
      await batch.run(() =>
        db.query("INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(idHash, userId, createdAt, expiresAt),
      );
    },
    async findSession(idHash, now) {
      return (
        db
          .query<{ userId: string; email: string }, [string, number]>(
            "SELECT s.user_id AS userId, u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = ? AND s.expires_at > ?",
          )
          .get(idHash, now) ?? null
      );
    },
    async deleteSession(idHash) {
      await batch.run(() => db.query("DELETE FROM sessions WHERE id_hash = ?").run(idHash));
    },
    async deleteUserSessions(userId) {
      await batch.run(() => db.query("DELETE FROM sessions WHERE user_id = ?").run(userId));
    },
    async listMemberships(userId) {
      return db
        .query<{ orgId: string; orgName: string; role: Role }, [string]>(
          "SELECT m.org_id AS orgId, o.name AS orgName, m.role FROM memberships m JOIN organizations o ON o.id = m.org_id WHERE m.user_id = ? ORDER BY o.name, m.org_id",
        )
        .all(userId);
    },
  };
}

import type { Database } from "bun:sqlite";
import type { PasswordReset, PasswordResetStore } from "../../core/store/password-resets.ts";
import { insertJob } from "./outbox.ts";
import type { WriteBatch } from "./write-batch.ts";

interface ResetRow {
  id: string;
  user_id: string | null;
  token_hash: string;
  link_sealed: string;
  language: PasswordReset["language"];
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

const fromRow = (r: ResetRow): PasswordReset => ({
  id: r.id,
  userId: r.user_id,
  tokenHash: r.token_hash,
  linkSealed: r.link_sealed,
  language: r.language,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
});

export function passwordResetStore(db: Database, batch: WriteBatch): PasswordResetStore {
  const one = (where: string, value: string) => {
    const row = db.query<ResetRow, [string]>(`SELECT * FROM password_resets WHERE ${where} = ?`).get(value);
    return row ? fromRow(row) : null;
  };
  return {
    async createPasswordReset(r, job) {
      await batch.run(() => {
        db.query(
          "INSERT INTO password_resets (id, user_id, token_hash, link_sealed, language, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        ).run(r.id, r.userId, r.tokenHash, r.linkSealed, r.language, r.createdAt, r.expiresAt, r.usedAt);
        insertJob(db, job, r.createdAt);
      });
    },
    async findPasswordReset(id) {
      return one("id", id);
    },
    async findPasswordResetByToken(tokenHash) {
      return one("token_hash", tokenHash);
    },
    usePasswordReset: (id, at) =>
      batch.run(() => {
        if (db.query("UPDATE password_resets SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?").run(at, id, at).changes !== 1)
          return false;
        db.query("UPDATE password_resets SET used_at = ? WHERE user_id = (SELECT user_id FROM password_resets WHERE id = ?) AND used_at IS NULL").run(
          at,
          id,
        );
        return true;
      }),
    async closePasswordResets(userId, at) {
      await batch.run(() => {
        db.query("UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL").run(at, userId);
      });
    },
  };
}

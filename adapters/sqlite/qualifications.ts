import type { Database } from "bun:sqlite";
import type { QualificationSession, QualificationStore } from "../../core/store/qualifications.ts";
import { writeWithAnswer } from "./idempotency.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Qualifications in progress, each until it expires or ends in a feedback. */
export function qualificationStore(db: Database, batch: WriteBatch): QualificationStore {
  return {
    saveQualification: (session, answer) =>
      writeWithAnswer(db, batch, answer, () =>
        db
          .query(
            "INSERT INTO qualifications (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at",
          )
          .run(session.id, JSON.stringify(session), session.expiresAt),
      ),

    async findQualification(id, now) {
      const row = db.query<{ data: string }, [string, number]>("SELECT data FROM qualifications WHERE id = ? AND expires_at > ?").get(id, now);
      return row ? (JSON.parse(row.data) as QualificationSession) : null;
    },

    async endQualification(id) {
      await batch.run(() => db.query("DELETE FROM qualifications WHERE id = ?").run(id));
    },
  };
}

import type { Database } from "bun:sqlite";
import type { Role } from "../../core/model.ts";
import type { Teammate, TeamSettings, TeamStore } from "../../core/store/team.ts";
import { insertJob } from "./outbox.ts";
import type { WriteBatch } from "./write-batch.ts";

interface TeamRow {
  user_id: string;
  email: string;
  name: string | null;
  role: Role;
  digest: number | null;
  language: TeamSettings["language"] | null;
}

export function teamStore(db: Database, batch: WriteBatch): TeamStore {
  return {
    async listTeam(orgId) {
      return db
        .query<TeamRow, [string]>(
          `SELECT m.user_id, u.email, u.name, m.role, s.digest, s.language FROM memberships m JOIN users u ON u.id = m.user_id
           LEFT JOIN team_settings s ON s.user_id = m.user_id WHERE m.org_id = ? ORDER BY u.email`,
        )
        .all(orgId)
        .map(
          (r): Teammate => ({
            userId: r.user_id,
            email: r.email,
            ...(r.name && { name: r.name }),
            role: r.role,
            digest: r.digest === 1,
            language: r.language ?? "en",
          }),
        );
    },
    async findTeamSettings(userId) {
      const row = db
        .query<{ digest: number; language: TeamSettings["language"] }, [string]>("SELECT digest, language FROM team_settings WHERE user_id = ?")
        .get(userId);
      return row ? { digest: row.digest === 1, language: row.language } : null;
    },
    async saveTeamSettings(userId, settings) {
      await batch.run(() =>
        db
          .query(
            "INSERT INTO team_settings (user_id, digest, language) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET digest = excluded.digest, language = excluded.language",
          )
          .run(userId, settings.digest ? 1 : 0, settings.language),
      );
    },
    queueDigest: (orgId, day, job, runAt) =>
      batch.run(() => {
        if (db.query("INSERT INTO digest_runs (org_id, day) VALUES (?, ?) ON CONFLICT DO NOTHING").run(orgId, day).changes !== 1) return false;
        insertJob(db, job, runAt);
        return true;
      }),
  };
}

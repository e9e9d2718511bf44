import type { Database } from "bun:sqlite";
import type { Invitation, InvitationStore } from "../../core/store/invitations.ts";
import { insertJob } from "./outbox.ts";
import type { WriteBatch } from "./write-batch.ts";

interface InvitationRow {
  id: string;
  org_id: string;
  email: string;
  role: Invitation["role"];
  token_hash: string;
  link_sealed: string;
  language: Invitation["language"];
  invited_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

const fromRow = (r: InvitationRow): Invitation => ({
  id: r.id,
  orgId: r.org_id,
  email: r.email,
  role: r.role,
  tokenHash: r.token_hash,
  linkSealed: r.link_sealed,
  language: r.language,
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
  revokedAt: r.revoked_at,
});

export function invitationStore(db: Database, batch: WriteBatch): InvitationStore {
  const one = (where: string, value: string) => {
    const row = db.query<InvitationRow, [string]>(`SELECT * FROM invitations WHERE ${where} = ?`).get(value);
    return row ? fromRow(row) : null;
  };
  return {
    async createInvitation(i, job) {
      await batch.run(() => {
        db.query(
          `INSERT INTO invitations (id, org_id, email, role, token_hash, link_sealed, language, invited_by, created_at, expires_at, used_at, revoked_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(i.id, i.orgId, i.email, i.role, i.tokenHash, i.linkSealed, i.language, i.invitedBy, i.createdAt, i.expiresAt, i.usedAt, i.revokedAt);
        db.query("UPDATE invitations SET revoked_at = ? WHERE org_id = ? AND email = ? AND id <> ? AND used_at IS NULL AND revoked_at IS NULL").run(
          i.createdAt,
          i.orgId,
          i.email,
          i.id,
        );
        insertJob(db, job, i.createdAt);
      });
    },
    async findInvitation(id) {
      return one("id", id);
    },
    async findInvitationByToken(tokenHash) {
      return one("token_hash", tokenHash);
    },
    async listPendingInvitations(orgId) {
      return db
        .query<InvitationRow, [string]>(
          "SELECT * FROM invitations WHERE org_id = ? AND used_at IS NULL AND revoked_at IS NULL ORDER BY created_at DESC, id DESC",
        )
        .all(orgId)
        .map(fromRow);
    },
    revokeInvitation: (orgId, id, at) =>
      batch.run(
        () =>
          db.query("UPDATE invitations SET revoked_at = ? WHERE id = ? AND org_id = ? AND used_at IS NULL AND revoked_at IS NULL").run(at, id, orgId)
            .changes === 1,
      ),
    useInvitation: (id, at) =>
      batch.run(
        () =>
          db.query("UPDATE invitations SET used_at = ? WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?").run(at, id, at)
            .changes === 1,
      ),
  };
}

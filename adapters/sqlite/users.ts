import type { Database } from "bun:sqlite";
import type { UserStore } from "../../core/store/users.ts";
import type { Role } from "../../core/model.ts";

export function userStore(db: Database): UserStore {
  const membersOf = (orgId: string) =>
    db
      .query<{ user_id: string; role: Role }, [string]>("SELECT user_id, role FROM memberships WHERE org_id = ?")
      .all(orgId)
      .map((r) => ({ userId: r.user_id, role: r.role }));
  return {
    async createUser(user) {
      db.query("INSERT INTO users (id, email, name) VALUES (?, ?, ?)").run(user.id, user.email, user.name ?? null);
    },
    async findUserByEmail(email) {
      const row = db
        .query<{ id: string; email: string; name: string | null }, [string]>("SELECT id, email, name FROM users WHERE email = ?")
        .get(email);
      return row ? { id: row.id, email: row.email, ...(row.name && { name: row.name }) } : null;
    },
    async findUser(id) {
      const row = db.query<{ id: string; email: string; name: string | null }, [string]>("SELECT id, email, name FROM users WHERE id = ?").get(id);
      return row ? { id: row.id, email: row.email, ...(row.name && { name: row.name }) } : null;
    },
    async setMembership(orgId, userId, role, refuseIf) {
      // Immediate: the members the guard reads stay as they are until the write commits, whoever else writes to the file.
      return db
        .transaction(() => {
          if (refuseIf?.(membersOf(orgId))) return false;
          db.query("INSERT INTO memberships (org_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET role = excluded.role").run(
            orgId,
            userId,
            role,
          );
          return true;
        })
        .immediate();
    },
    async removeMembership(orgId, userId, at, refuseIf) {
      return db
        .transaction(() => {
          if (refuseIf?.(membersOf(orgId))) return false;
          if (db.query("DELETE FROM memberships WHERE org_id = ? AND user_id = ?").run(orgId, userId).changes !== 1) return false;
          // Personal tokens and agents' tokens alike.
          db.query("UPDATE tokens SET revoked_at = ? WHERE org_id = ? AND user_id = ? AND revoked_at IS NULL").run(at, orgId, userId);
          db.query("UPDATE agents SET revoked_at = ? WHERE org_id = ? AND user_id = ? AND revoked_at IS NULL").run(at, orgId, userId);
          return true;
        })
        .immediate();
    },
    async listMembers(orgId) {
      return db
        .query<{ user_id: string; email: string; role: Role }, [string]>(
          "SELECT m.user_id, u.email, m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.email",
        )
        .all(orgId)
        .map((r) => ({ userId: r.user_id, email: r.email, role: r.role }));
    },
  };
}

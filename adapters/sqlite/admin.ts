import type { Database } from "bun:sqlite";
import type { AdminStore } from "../../core/store.ts";
import type { Role, Scope } from "../../core/model.ts";
import { toChannel, toOrganization, type ChannelRow, type OrganizationRow } from "./rows.ts";

export function adminStore(db: Database): AdminStore {
  const replaceFeatures = db.transaction((orgId: string, appId: string, features: Parameters<AdminStore["replaceFeatures"]>[2]) => {
    const keep = new Set(features.map((f) => f.id));
    for (const { id } of db.query<{ id: string }, [string, string]>("SELECT id FROM features WHERE org_id = ? AND app_id = ?").all(orgId, appId)) {
      if (!keep.has(id)) db.query("DELETE FROM features WHERE id = ?").run(id);
    }
    for (const f of features) {
      db.query(
        `INSERT INTO features (id, org_id, app_id, name, path, kind, severity_floor, cues, code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, path = excluded.path, kind = excluded.kind,
           severity_floor = excluded.severity_floor, cues = excluded.cues, code = excluded.code
         WHERE features.org_id = excluded.org_id AND features.app_id = excluded.app_id`,
      ).run(
        f.id,
        orgId,
        appId,
        f.name,
        f.path,
        f.kind ?? null,
        f.severityFloor ?? null,
        f.cues ? JSON.stringify(f.cues) : null,
        f.code ? JSON.stringify(f.code) : null,
      );
    }
  });

  return {
    async createOrganization(org) {
      db.query(
        `INSERT INTO organizations (id, name, key_prefix, plan, quota_override, number)
         VALUES (?, ?, ?, ?, ?, (SELECT coalesce(max(number), 0) + 1 FROM organizations))`,
      ).run(org.id, org.name, org.keyPrefix, org.plan, org.quotaOverride);
    },
    async findOrganization(idOrPrefix) {
      const row = db
        .query<OrganizationRow, [string, string]>("SELECT * FROM organizations WHERE id = ? OR key_prefix = ?")
        .get(idOrPrefix, idOrPrefix);
      return row ? toOrganization(row) : null;
    },
    async listOrganizations() {
      return db.query<OrganizationRow, []>("SELECT * FROM organizations ORDER BY name").all().map(toOrganization);
    },
    async quotaUsed(orgId, month) {
      return db.query<{ used: number }, [string, string]>("SELECT used FROM quota_usage WHERE org_id = ? AND month = ?").get(orgId, month)?.used ?? 0;
    },

    async setPlan(orgId, plan, quotaOverride) {
      return db.query("UPDATE organizations SET plan = ?, quota_override = ? WHERE id = ?").run(plan, quotaOverride, orgId).changes === 1;
    },
    async createApp(app) {
      db.query(
        `INSERT INTO apps (id, org_id, name, kind, description, version, number)
         VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(number), 0) + 1 FROM apps))`,
      ).run(app.id, app.orgId, app.name, app.kind, app.description ?? null, app.version ?? null);
    },
    async setGroupingMode(orgId, appId, mode) {
      return db.query("UPDATE apps SET grouping_mode = ? WHERE org_id = ? AND id = ?").run(mode, orgId, appId).changes === 1;
    },

    async setBrowserCollection(orgId, appId, browser) {
      return db.query("UPDATE apps SET browser = ? WHERE org_id = ? AND id = ?").run(JSON.stringify(browser), orgId, appId).changes === 1;
    },
    async createChannel(c) {
      db.query("INSERT INTO channels (id, org_id, app_id, kind, key, active) VALUES (?, ?, ?, ?, ?, ?)").run(
        c.id,
        c.orgId,
        c.appId,
        c.kind,
        c.key,
        c.active ? 1 : 0,
      );
    },
    async listChannels(orgId, appId) {
      const rows = appId
        ? db.query<ChannelRow, [string, string]>("SELECT * FROM channels WHERE org_id = ? AND app_id = ? ORDER BY kind, id").all(orgId, appId)
        : db.query<ChannelRow, [string]>("SELECT * FROM channels WHERE org_id = ? ORDER BY app_id, kind, id").all(orgId);
      return rows.map(toChannel);
    },
    async setChannelActive(orgId, idOrKey, active) {
      return (
        db.query("UPDATE channels SET active = ? WHERE org_id = ? AND (id = ? OR key = ?)").run(active ? 1 : 0, orgId, idOrKey, idOrKey).changes === 1
      );
    },
    async replaceFeatures(orgId, appId, features) {
      replaceFeatures.immediate(orgId, appId, features);
    },
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
    async setMembership(orgId, userId, role) {
      db.query("INSERT INTO memberships (org_id, user_id, role) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET role = excluded.role").run(
        orgId,
        userId,
        role,
      );
    },
    async removeMembership(orgId, userId) {
      return db.query("DELETE FROM memberships WHERE org_id = ? AND user_id = ?").run(orgId, userId).changes === 1;
    },
    async listMembers(orgId) {
      return db
        .query<{ user_id: string; email: string; role: Role }, [string]>(
          "SELECT m.user_id, u.email, m.role FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = ? ORDER BY u.email",
        )
        .all(orgId)
        .map((r) => ({ userId: r.user_id, email: r.email, role: r.role }));
    },
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
        >("SELECT id, user_id, label, scopes, created_at, expires_at, last_used_at, revoked_at FROM tokens WHERE org_id = ? ORDER BY created_at")
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
      return db.query("UPDATE tokens SET revoked_at = ? WHERE org_id = ? AND id = ? AND revoked_at IS NULL").run(at, orgId, tokenId).changes === 1;
    },
  };
}

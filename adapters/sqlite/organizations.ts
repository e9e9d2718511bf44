import type { Database } from "bun:sqlite";
import type { OrganizationStore } from "../../core/store/organizations.ts";
import { toOrganization, type OrganizationRow } from "./rows.ts";

export function organizationStore(db: Database): OrganizationStore {
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
      return db.query<OrganizationRow, []>("SELECT * FROM organizations ORDER BY name, id").all().map(toOrganization);
    },
    async quotaUsed(orgId, month) {
      return db.query<{ used: number }, [string, string]>("SELECT used FROM quota_usage WHERE org_id = ? AND month = ?").get(orgId, month)?.used ?? 0;
    },
    async setPlan(orgId, plan, quotaOverride) {
      return db.query("UPDATE organizations SET plan = ?, quota_override = ? WHERE id = ?").run(plan, quotaOverride, orgId).changes === 1;
    },
  };
}

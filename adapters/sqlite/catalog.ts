import type { Database, SQLQueryBindings } from "bun:sqlite";
import { statusesOf } from "../../core/feedback/status.ts";
import type { CatalogStore } from "../../core/store/catalog.ts";
import { placeholders, toApp, toFeature, type AppRow, type FeatureRow } from "./rows.ts";

const OPEN_STATUSES = statusesOf("open");

/** Apps and their feature maps, as the inbox and the assistant read them. */
export function catalogStore(db: Database): CatalogStore {
  return {
    async listApps(orgId) {
      return db.query<AppRow, [string]>("SELECT * FROM apps WHERE org_id = ? ORDER BY name, id").all(orgId).map(toApp);
    },

    async findApp(orgId, appId) {
      const row = db.query<AppRow, [string, string]>("SELECT * FROM apps WHERE org_id = ? AND id = ?").get(orgId, appId);
      return row ? toApp(row) : null;
    },

    async listFeatures(orgId, appId) {
      const rows = db
        .query<FeatureRow & { open_feedbacks: number }, SQLQueryBindings[]>(
          `SELECT ft.*, (SELECT count(*) FROM feedbacks f
             WHERE f.org_number = (SELECT number FROM organizations WHERE id = ft.org_id) AND f.feature_id = ft.id AND f.merged_into IS NULL
               AND f.status IN (${placeholders(OPEN_STATUSES.length)})) AS open_feedbacks
           FROM features ft WHERE ft.org_id = ? AND ft.app_id = ? ORDER BY ft.path`,
        )
        .all(...OPEN_STATUSES, orgId, appId);
      return rows.map((r) => ({ ...toFeature(r), openFeedbacks: r.open_feedbacks }));
    },

    async findFeature(orgId, featureId) {
      const row = db.query<FeatureRow, [string, string]>("SELECT * FROM features WHERE org_id = ? AND id = ?").get(orgId, featureId);
      return row ? toFeature(row) : null;
    },
  };
}

import type { Database, SQLQueryBindings } from "bun:sqlite";
import { statusesOf } from "../../core/feedback/status.ts";
import { inNameOrder } from "../../core/catalog/app-order.ts";
import type { CatalogStore } from "../../core/store/catalog.ts";
import { placeholders, toApp, toFeature, type AppRow, type FeatureRow } from "./rows.ts";

const OPEN_STATUSES = statusesOf("open");

/** Apps and their feature maps, as the inbox and the assistant read them. */
export function catalogStore(db: Database): CatalogStore {
  return {
    async listApps(orgId) {
      return inNameOrder(db.query<AppRow, [string]>("SELECT * FROM apps WHERE org_id = ?").all(orgId).map(toApp));
    },

    async findApp(orgId, appId) {
      const row = db.query<AppRow, [string, string]>("SELECT * FROM apps WHERE org_id = ? AND id = ?").get(orgId, appId);
      return row ? toApp(row) : null;
    },

    async listFeatures(orgId, appId) {
      const features = db
        .query<FeatureRow, [string, string]>("SELECT * FROM features WHERE org_id = ? AND app_id = ? ORDER BY path, id")
        .all(orgId, appId);
      // From the inbox's counts, a few rows per feature: counting the feedbacks themselves read every
      // open one of each feature, and every grouping job's triage lists its app's features.
      const open = new Map(
        db
          .query<{ feature_id: string; n: number }, SQLQueryBindings[]>(
            `SELECT feature_id, sum(n) AS n FROM feedback_counts WHERE org_id = ? AND app_id = ? AND status IN (${placeholders(OPEN_STATUSES.length)})
             GROUP BY feature_id`,
          )
          .all(orgId, appId, ...OPEN_STATUSES)
          .map((r) => [r.feature_id, r.n]),
      );
      return features.map((r) => ({ ...toFeature(r), openFeedbacks: open.get(r.id) ?? 0 }));
    },

    async findFeature(orgId, featureId) {
      const row = db.query<FeatureRow, [string, string]>("SELECT * FROM features WHERE org_id = ? AND id = ?").get(orgId, featureId);
      return row ? toFeature(row) : null;
    },
  };
}

import type { Database } from "bun:sqlite";
import type { SavedView, SavedViewStore } from "../../core/store/saved-views.ts";
import type { WriteBatch } from "./write-batch.ts";

interface ViewRow {
  id: string;
  org_id: string;
  user_id: string;
  name: string;
  query: string;
  created_at: number;
}

export function savedViewStore(db: Database, batch: WriteBatch): SavedViewStore {
  return {
    async saveView(v) {
      await batch.run(() =>
        db
          .query("INSERT INTO saved_views (id, org_id, user_id, name, query, created_at) VALUES (?, ?, ?, ?, ?, ?)")
          .run(v.id, v.orgId, v.userId, v.name, v.query, v.createdAt),
      );
    },
    async listViews(orgId, userId) {
      return db
        .query<ViewRow, [string, string]>("SELECT * FROM saved_views WHERE org_id = ? AND user_id = ? ORDER BY created_at, id")
        .all(orgId, userId)
        .map((r): SavedView => ({ id: r.id, orgId: r.org_id, userId: r.user_id, name: r.name, query: r.query, createdAt: r.created_at }));
    },
    deleteView: (orgId, userId, id) =>
      batch.run(() => db.query("DELETE FROM saved_views WHERE id = ? AND org_id = ? AND user_id = ?").run(id, orgId, userId).changes === 1),
  };
}

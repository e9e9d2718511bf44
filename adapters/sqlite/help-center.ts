import type { Database } from "bun:sqlite";
import type { HelpArticle } from "../../core/model.ts";
import type { HelpCenterStore } from "../../core/store/help-center.ts";
import type { WriteBatch } from "./write-batch.ts";

export function helpCenterStore(db: Database, batch: WriteBatch): HelpCenterStore {
  return {
    async replaceHelpArticles(orgId, appId, articles) {
      await batch.run(() => {
        db.query("DELETE FROM help_articles WHERE org_id = ? AND app_id = ?").run(orgId, appId);
        for (const a of articles) {
          db.query("INSERT INTO help_articles (id, org_id, app_id, title, url, body) VALUES (?, ?, ?, ?, ?, ?)").run(
            a.id,
            orgId,
            appId,
            a.title,
            a.url,
            a.body,
          );
        }
      });
    },
    async listHelpArticles(orgId, appId) {
      return db
        .query<HelpArticle, [string, string]>("SELECT id, title, url, body FROM help_articles WHERE org_id = ? AND app_id = ? ORDER BY title, id")
        .all(orgId, appId);
    },
  };
}

import type { Database } from "bun:sqlite";
import type { AppTracker, TrackerStore } from "../../core/store/trackers.ts";
import { FEEDBACK_COLUMNS, orgNumberOf, toFeedback, type FeedbackRow } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

interface Row {
  org_id: string;
  app_id: string;
  provider: string;
  settings_sealed: string;
}

const toTracker = (r: Row): AppTracker => ({ orgId: r.org_id, appId: r.app_id, provider: r.provider, settingsSealed: r.settings_sealed });

export function trackerStore(db: Database, batch: WriteBatch): TrackerStore {
  return {
    async setAppTracker(t) {
      await batch.run(() =>
        db
          .query(
            `INSERT INTO app_trackers (app_id, org_id, provider, settings_sealed, project) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (app_id) DO UPDATE SET provider = excluded.provider, settings_sealed = excluded.settings_sealed, project = excluded.project`,
          )
          .run(t.appId, t.orgId, t.provider, t.settingsSealed, t.project),
      );
    },
    removeAppTracker: (orgId, appId) =>
      batch.run(() => db.query("DELETE FROM app_trackers WHERE org_id = ? AND app_id = ?").run(orgId, appId).changes === 1),
    async findAppTracker(orgId, appId) {
      const row = db.query<Row, [string, string]>("SELECT * FROM app_trackers WHERE org_id = ? AND app_id = ?").get(orgId, appId);
      return row ? toTracker(row) : null;
    },
    async findAppTrackersByProject(provider, project) {
      return db.query<Row, [string, string]>("SELECT * FROM app_trackers WHERE provider = ? AND project = ?").all(provider, project).map(toTracker);
    },
    async setFeedbackTracker(orgId, feedbackId, link) {
      await batch.run(() =>
        db.query(`UPDATE feedbacks SET tracker = ? WHERE id = ? AND org_number = ${orgNumberOf("?")}`).run(JSON.stringify(link), feedbackId, orgId),
      );
    },
    refreshFeedbackTracker: (orgId, feedbackId, link) =>
      batch.run(
        () =>
          db
            .query(`UPDATE feedbacks SET tracker = ? WHERE id = ? AND org_number = ${orgNumberOf("?")} AND json_extract(tracker, '$.key') = ?`)
            .run(JSON.stringify(link), feedbackId, orgId, link.key).changes === 1,
      ),
    async findFeedbackByTracker(orgId, key) {
      const row = db
        .query<FeedbackRow, [string, string]>(
          `SELECT ${FEEDBACK_COLUMNS} FROM feedbacks f WHERE f.org_number = ${orgNumberOf("?")} AND f.tracker IS NOT NULL AND json_extract(f.tracker, '$.key') = ? AND f.merged_into IS NULL`,
        )
        .get(orgId, key);
      return row ? toFeedback(row) : null;
    },
  };
}

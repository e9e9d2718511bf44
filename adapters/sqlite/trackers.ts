import type { Database } from "bun:sqlite";
import type { DeliveryFailure } from "../../core/model.ts";
import type { AppTracker, TrackerStore } from "../../core/store/trackers.ts";
import { FEEDBACK_COLUMNS, orgNumberOf, toFeedback, type FeedbackRow } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

interface Row {
  org_id: string;
  app_id: string;
  provider: string;
  settings_sealed: string;
  last_failure: string | null;
}

const toTracker = (r: Row): AppTracker => ({
  orgId: r.org_id,
  appId: r.app_id,
  provider: r.provider,
  settingsSealed: r.settings_sealed,
  ...(r.last_failure && { lastFailure: JSON.parse(r.last_failure) as DeliveryFailure }),
});

export function trackerStore(db: Database, batch: WriteBatch): TrackerStore {
  return {
    async setAppTracker(t) {
      await batch.run(() =>
        db
          .query(
            `INSERT INTO app_trackers (app_id, org_id, provider, settings_sealed, project, last_failure) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (app_id) DO UPDATE SET provider = excluded.provider, settings_sealed = excluded.settings_sealed, project = excluded.project,
               last_failure = excluded.last_failure`,
          )
          .run(t.appId, t.orgId, t.provider, t.settingsSealed, t.project, t.lastFailure ? JSON.stringify(t.lastFailure) : null),
      );
    },
    setTrackerSettings: (orgId, appId, settings, expected) =>
      batch.run(
        () =>
          db
            .query("UPDATE app_trackers SET settings_sealed = ?, project = ? WHERE org_id = ? AND app_id = ? AND settings_sealed = ?")
            .run(settings.settingsSealed, settings.project, orgId, appId, expected).changes === 1,
      ),
    removeAppTracker: (orgId, appId) =>
      batch.run(() => db.query("DELETE FROM app_trackers WHERE org_id = ? AND app_id = ?").run(orgId, appId).changes === 1),
    async findAppTracker(orgId, appId) {
      const row = db.query<Row, [string, string]>("SELECT * FROM app_trackers WHERE org_id = ? AND app_id = ?").get(orgId, appId);
      return row ? toTracker(row) : null;
    },
    async recordTrackerFailure(orgId, appId, failure) {
      await batch.run(() =>
        db.query("UPDATE app_trackers SET last_failure = ? WHERE org_id = ? AND app_id = ?").run(JSON.stringify(failure), orgId, appId),
      );
    },
    async clearTrackerFailure(orgId, appId, before) {
      await batch.run(() =>
        db
          .query("UPDATE app_trackers SET last_failure = NULL WHERE org_id = ? AND app_id = ? AND json_extract(last_failure, '$.at') < ?")
          .run(orgId, appId, before),
      );
    },
    async findAppTrackersByProject(provider, project) {
      return db.query<Row, [string, string]>("SELECT * FROM app_trackers WHERE provider = ? AND project = ?").all(provider, project).map(toTracker);
    },
    async setFeedbackTracker(orgId, feedbackId, link) {
      await batch.run(() =>
        db.query(`UPDATE feedbacks SET tracker = ? WHERE id = ? AND org_number = ${orgNumberOf("?")}`).run(JSON.stringify(link), feedbackId, orgId),
      );
    },
    claimTrackerOpening: (orgId, feedbackId, now, leaseMs) =>
      batch.run(
        () =>
          db
            .query(
              `UPDATE feedbacks SET tracker_opening_until = ? WHERE id = ? AND org_number = ${orgNumberOf("?")}
               AND tracker IS NULL AND (tracker_opening_until IS NULL OR tracker_opening_until <= ?)`,
            )
            .run(now + leaseMs, feedbackId, orgId, now).changes === 1,
      ),
    async releaseTrackerOpening(orgId, feedbackId, until) {
      await batch.run(() =>
        db
          .query(`UPDATE feedbacks SET tracker_opening_until = NULL WHERE id = ? AND org_number = ${orgNumberOf("?")} AND tracker_opening_until = ?`)
          .run(feedbackId, orgId, until),
      );
    },
    refreshFeedbackTracker: (orgId, feedbackId, link) =>
      batch.run(
        () =>
          db
            .query(`UPDATE feedbacks SET tracker = ? WHERE id = ? AND org_number = ${orgNumberOf("?")} AND json_extract(tracker, '$.key') = ?`)
            .run(JSON.stringify(link), feedbackId, orgId, link.key).changes === 1,
      ),
    async findFeedbacksByTracker(orgId, key) {
      return db
        .query<FeedbackRow, [string, string]>(
          `SELECT ${FEEDBACK_COLUMNS} FROM feedbacks f WHERE f.org_number = ${orgNumberOf("?")} AND f.tracker IS NOT NULL AND json_extract(f.tracker, '$.key') = ? AND f.merged_into IS NULL ORDER BY f.id`,
        )
        .all(orgId, key)
        .map(toFeedback);
    },
  };
}

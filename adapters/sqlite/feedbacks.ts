import type { Database, SQLQueryBindings } from "bun:sqlite";
import { isOpen } from "../../core/feedback/status.ts";
import type { CatalogStore, FeedbackFilter, FeedbackStore, FollowerStore, GroupingStore } from "../../core/store.ts";
import type { Follower } from "../../core/model.ts";
import type { EventType } from "../../core/feedback/events.ts";
import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import { insertEvent, insertJob } from "./collection.ts";
import { toApp, toFeature, toFeedback, toReport, type AppRow, type FeatureRow, type FeedbackRow, type ReportRow } from "./rows.ts";
import { indexDocument, matchExpression, moveDocuments } from "./search.ts";
import type { WriteBatch } from "./write-batch.ts";

const OPEN_STATUSES = STATUSES.filter(isOpen);
const placeholders = (n: number): string => Array.from({ length: n }, () => "?").join(", ");

/** Builds the WHERE clause of a list query; every filter is a bound parameter. */
function listConditions(orgId: string, filter: FeedbackFilter, after: { lastActivityAt: number; id: string } | null) {
  const where = ["f.org_id = ?", "f.merged_into IS NULL", `f.status IN (${placeholders(filter.statuses.length)})`];
  const params: SQLQueryBindings[] = [orgId, ...filter.statuses];
  const equal = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    where.push(`f.${column} = ?`);
    params.push(value);
  };
  equal("kind", filter.kind);
  equal("severity", filter.severity);
  equal("app_id", filter.appId);
  equal("feature_id", filter.featureId);
  if (filter.words?.length) {
    where.push("f.id IN (SELECT d.feedback_id FROM search_docs d WHERE d.rowid IN (SELECT rowid FROM search WHERE search MATCH ?))");
    params.push(matchExpression(filter.words));
  }
  if (after) {
    where.push("(f.last_activity_at < ? OR (f.last_activity_at = ? AND f.id < ?))");
    params.push(after.lastActivityAt, after.lastActivityAt, after.id);
  }
  return { where: where.join(" AND "), params };
}

export function feedbackStore(db: Database, batch: WriteBatch): FeedbackStore & CatalogStore & GroupingStore & FollowerStore {
  const applyChange = (c: Parameters<FeedbackStore["applyStatusChange"]>[0]): boolean => {
    const changed = db.query("UPDATE feedbacks SET status = ? WHERE id = ? AND org_id = ? AND status = ?").run(c.to, c.feedbackId, c.orgId, c.from);
    if (changed.changes !== 1) return false;
    if (c.comment) {
      db.query("INSERT INTO comments (id, feedback_id, user_id, text, status_from, status_to, at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        c.comment.id,
        c.feedbackId,
        c.comment.authorUserId,
        c.comment.text,
        c.from,
        c.to,
        c.at,
      );
    }
    for (const event of c.events) insertEvent(db, event);
    for (const job of c.jobs) insertJob(db, job, c.at);
    return true;
  };

  const fold = (orgId: string, sourceId: string, targetId: string): boolean => {
    const source = db
      .query<FeedbackRow, [string, string]>("SELECT * FROM feedbacks WHERE id = ? AND org_id = ? AND merged_into IS NULL")
      .get(sourceId, orgId);
    const target = db
      .query<FeedbackRow, [string, string]>("SELECT * FROM feedbacks WHERE id = ? AND org_id = ? AND merged_into IS NULL")
      .get(targetId, orgId);
    if (!source || !target || source.app_id !== target.app_id || sourceId === targetId) return false;
    db.query("UPDATE reports SET feedback_id = ? WHERE feedback_id = ?").run(targetId, sourceId);
    db.query(
      "INSERT OR IGNORE INTO followers (feedback_id, email, name, language, tracking_sealed) SELECT ?, email, name, language, tracking_sealed FROM followers WHERE feedback_id = ?",
    ).run(targetId, sourceId);
    db.query("DELETE FROM followers WHERE feedback_id = ?").run(sourceId);
    db.query("UPDATE feedbacks SET reports = reports + ?, last_activity_at = max(last_activity_at, ?) WHERE id = ?").run(
      source.reports,
      source.last_activity_at,
      targetId,
    );
    db.query("UPDATE feedbacks SET merged_into = ? WHERE id = ?").run(targetId, sourceId);
    moveDocuments(db, sourceId, targetId);
    return true;
  };

  return {
    async listFeedbacks(orgId, filter, after, limit) {
      const { where, params } = listConditions(orgId, filter, after);
      return db
        .query<FeedbackRow, SQLQueryBindings[]>(`SELECT f.* FROM feedbacks f WHERE ${where} ORDER BY f.last_activity_at DESC, f.id DESC LIMIT ?`)
        .all(...params, limit)
        .map(toFeedback);
    },

    async findFeedback(orgId, keyOrId) {
      const row = db
        .query<FeedbackRow, [string, string, string]>("SELECT * FROM feedbacks WHERE org_id = ? AND (key = ? OR id = ?)")
        .get(orgId, keyOrId, keyOrId);
      return row ? toFeedback(row) : null;
    },

    async listReports(feedbackId) {
      return db.query<ReportRow, [string]>("SELECT * FROM reports WHERE feedback_id = ? ORDER BY at, id").all(feedbackId).map(toReport);
    },

    async findReportByStatusId(statusId) {
      const row = db.query<ReportRow & { status_token_hash: string }, [string]>("SELECT * FROM reports WHERE status_id = ?").get(statusId);
      return row ? { report: toReport(row), tokenHash: row.status_token_hash } : null;
    },

    async statusHistory(feedbackId) {
      return db
        .query<{ type: EventType; previous_status: Status | null; created_at: number }, [string]>(
          "SELECT type, previous_status, created_at FROM events WHERE feedback_id = ? AND type IN ('feedback.created', 'feedback.status_changed') ORDER BY created_at, rowid",
        )
        .all(feedbackId)
        .map((e) => ({ type: e.type, previousStatus: e.previous_status, at: e.created_at }));
    },

    async listComments(feedbackId) {
      return db
        .query<{ text: string; user_id: string; status_from: Status; status_to: Status; at: number }, [string]>(
          "SELECT text, user_id, status_from, status_to, at FROM comments WHERE feedback_id = ? ORDER BY at, rowid",
        )
        .all(feedbackId)
        .map((c) => ({ text: c.text, userId: c.user_id, statusFrom: c.status_from, statusTo: c.status_to, at: c.at }));
    },

    async countByStatus(orgId) {
      const rows = db
        .query<{ status: Status; n: number }, [string]>(
          "SELECT status, count(*) AS n FROM feedbacks WHERE org_id = ? AND merged_into IS NULL GROUP BY status",
        )
        .all(orgId);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    async applyStatusChange(change) {
      return batch.run(() => applyChange(change));
    },

    async serviceSecret() {
      const existing = db.query<{ value: Uint8Array }, []>("SELECT value FROM settings WHERE name = 'cursor_secret'").get();
      if (existing) return new Uint8Array(existing.value);
      // Two processes may race here; the first insert wins and both read it back.
      db.query("INSERT OR IGNORE INTO settings (name, value) VALUES ('cursor_secret', ?)").run(crypto.getRandomValues(new Uint8Array(32)));
      return new Uint8Array(db.query<{ value: Uint8Array }, []>("SELECT value FROM settings WHERE name = 'cursor_secret'").get()!.value);
    },

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
             WHERE f.org_id = ft.org_id AND f.feature_id = ft.id AND f.merged_into IS NULL
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

    async keyFrequencies(appId, keys) {
      const unique = [...new Set(keys)];
      if (unique.length === 0) return new Map();
      const rows = db
        .query<{ key: string; n: number }, SQLQueryBindings[]>(
          `SELECT key, n FROM grouping_df WHERE app_id = ? AND key IN (${placeholders(unique.length)})`,
        )
        .all(appId, ...unique);
      return new Map(rows.map((r) => [r.key, r.n]));
    },

    async groupingCandidates(query) {
      if (query.keys.length === 0 || query.statuses.length === 0) return [];
      // The most recent postings of each key (ids are time-ordered): bounded work per feedback.
      const postings = query.keys
        .map(() => "SELECT feedback_id FROM (SELECT feedback_id FROM grouping_keys WHERE app_id = ? AND key = ? ORDER BY feedback_id DESC LIMIT ?)")
        .join(" UNION ALL ");
      // Rank on the postings alone, then read rows only for the best few (some may have closed since).
      const rows = db
        .query<{ id: string; text: string; vector: string | null }, SQLQueryBindings[]>(
          `SELECT f.id, d.text, d.vector
           FROM (SELECT feedback_id, count(*) AS shared FROM (${postings}) GROUP BY feedback_id ORDER BY shared DESC, feedback_id DESC LIMIT ?) p
           JOIN grouping_docs d ON d.feedback_id = p.feedback_id
           JOIN feedbacks source ON source.id = p.feedback_id
           JOIN feedbacks f ON f.id = coalesce(source.merged_into, source.id)
           WHERE f.org_id = ? AND f.merged_into IS NULL AND f.status IN (${placeholders(query.statuses.length)})
             AND (f.created_at < ? OR (f.created_at = ? AND f.id < ?))
           ORDER BY p.shared DESC, p.feedback_id DESC LIMIT ?`,
        )
        .all(
          ...query.keys.flatMap((key) => [query.appId, key, query.postingsPerKey]),
          query.limit * 2,
          query.orgId,
          ...query.statuses,
          query.before.createdAt,
          query.before.createdAt,
          query.before.id,
          query.limit,
        );
      return rows.map((r) => ({ id: r.id, text: r.text, ...(r.vector && { vector: JSON.parse(r.vector) as number[] }) }));
    },

    async indexForGrouping(appId, feedbackId, keys, text, vector) {
      await batch.run(() => {
        db.query("INSERT OR REPLACE INTO grouping_docs (feedback_id, app_id, text, vector) VALUES (?, ?, ?, ?)").run(
          feedbackId,
          appId,
          text,
          vector ? JSON.stringify(vector) : null,
        );
        for (const key of new Set(keys)) {
          const added = db
            .query("INSERT OR IGNORE INTO grouping_keys (app_id, key, feedback_id) VALUES (?, ?, ?)")
            .run(appId, key, feedbackId).changes;
          if (added) db.query("INSERT INTO grouping_df (app_id, key, n) VALUES (?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1").run(appId, key);
        }
      });
    },

    async setTriage(orgId, feedbackId, t) {
      await batch.run(() => {
        db.query(
          `UPDATE feedbacks SET feature_id = coalesce(?, feature_id), severity = coalesce(?, severity), nature = coalesce(?, nature),
             title = coalesce(?, title), diagnostic = coalesce(?, diagnostic), summary = coalesce(?, summary) WHERE id = ? AND org_id = ?`,
        ).run(
          t.featureId ?? null,
          t.severity ?? null,
          t.nature ?? null,
          t.title ?? null,
          t.diagnostic ? JSON.stringify(t.diagnostic) : null,
          t.summary ?? null,
          feedbackId,
          orgId,
        );
        // A new title is searchable too.
        if (t.title) indexDocument(db, feedbackId, t.title);
      });
    },

    async foldFeedback(orgId, sourceId, targetId) {
      return batch.run(() => fold(orgId, sourceId, targetId));
    },

    async listFollowers(feedbackId) {
      return db
        .query<{ feedback_id: string; email: string; name: string | null; language: string; tracking_sealed: string | null }, [string]>(
          "SELECT * FROM followers WHERE feedback_id = ?",
        )
        .all(feedbackId)
        .map(
          (r): Follower => ({
            feedbackId: r.feedback_id,
            email: r.email,
            language: r.language as Follower["language"],
            ...(r.name && { name: r.name }),
            ...(r.tracking_sealed && { trackingSealed: r.tracking_sealed }),
          }),
        );
    },

    async addFollower(f) {
      await batch.run(() =>
        db
          .query(
            "INSERT INTO followers (feedback_id, email, name, language) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET name = coalesce(excluded.name, name)",
          )
          .run(f.feedbackId, f.email, f.name ?? null, f.language),
      );
    },

    async releaseNotification(feedbackId, email, key) {
      await batch.run(() => db.query("DELETE FROM notifications WHERE feedback_id = ? AND email = ? AND key = ?").run(feedbackId, email, key));
    },

    removeFollower: (feedbackId, email) =>
      batch.run(() => db.query("DELETE FROM followers WHERE feedback_id = ? AND email = ?").run(feedbackId, email).changes === 1),

    claimNotification: (feedbackId, email, key, at, leaseMs) =>
      batch.run(
        () =>
          db
            .query(
              `INSERT INTO notifications (feedback_id, email, key, at) VALUES (?, ?, ?, ?)
               ON CONFLICT DO UPDATE SET at = excluded.at WHERE notifications.sent_at IS NULL AND notifications.at <= ?`,
            )
            .run(feedbackId, email, key, at, at - leaseMs).changes === 1,
      ),

    async confirmNotification(feedbackId, email, key, at) {
      await batch.run(() =>
        db.query("UPDATE notifications SET sent_at = ? WHERE feedback_id = ? AND email = ? AND key = ?").run(at, feedbackId, email, key),
      );
    },
  };
}

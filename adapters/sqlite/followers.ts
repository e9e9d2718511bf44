import type { Database } from "bun:sqlite";
import type { Follower } from "../../core/model.ts";
import type { FollowerStore } from "../../core/store/followers.ts";
import { placeholders } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

interface FollowerRow {
  feedback_id: string;
  email: string;
  name: string | null;
  language: string;
  tracking_sealed: string | null;
}

const toFollower = (r: FollowerRow): Follower => ({
  feedbackId: r.feedback_id,
  email: r.email,
  language: r.language as Follower["language"],
  ...(r.name && { name: r.name }),
  ...(r.tracking_sealed && { trackingSealed: r.tracking_sealed }),
});

/** Who follows a feedback, and which notifications each was sent (claimed, then confirmed). */
export function followerStore(db: Database, batch: WriteBatch): FollowerStore {
  return {
    async listFollowers(feedbackId) {
      return db.query<FollowerRow, [string]>("SELECT * FROM followers WHERE feedback_id = ?").all(feedbackId).map(toFollower);
    },

    async listFollowersOf(feedbackIds) {
      if (feedbackIds.length === 0) return [];
      return db
        .query<FollowerRow, string[]>(`SELECT * FROM followers WHERE feedback_id IN (${placeholders(feedbackIds.length)})`)
        .all(...feedbackIds)
        .map(toFollower);
    },

    async countFollowers(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const rows = db
        .query<{ feedback_id: string; n: number }, string[]>(
          `SELECT feedback_id, count(*) AS n FROM followers WHERE feedback_id IN (${placeholders(feedbackIds.length)}) GROUP BY feedback_id`,
        )
        .all(...feedbackIds);
      return new Map(rows.map((r) => [r.feedback_id, r.n]));
    },

    async listNotifications(feedbackId) {
      return db
        .query<{ email: string; key: string; sent_at: number }, [string]>(
          "SELECT email, key, sent_at FROM notifications WHERE feedback_id = ? AND sent_at IS NOT NULL ORDER BY sent_at, email",
        )
        .all(feedbackId)
        .map((n) => ({ email: n.email, key: n.key, sentAt: n.sent_at }));
    },

    async addFollower(f) {
      await batch.run(() =>
        db
          .query(
            `INSERT INTO followers (feedback_id, email, name, language, tracking_sealed) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT DO UPDATE SET name = coalesce(excluded.name, name)`,
          )
          .run(f.feedbackId, f.email, f.name ?? null, f.language, f.trackingSealed ?? null),
      );
    },

    async releaseNotification(feedbackId, email, key) {
      await batch.run(() => db.query("DELETE FROM notifications WHERE feedback_id = ? AND email = ? AND key = ?").run(feedbackId, email, key));
    },

    removeFollower: (feedbackId, email) =>
      batch.run(() => db.query("DELETE FROM followers WHERE feedback_id = ? AND email = ?").run(feedbackId, email).changes === 1),

    claimNotification: (feedbackId, email, key, at, leaseMs) =>
      batch.run(() => {
        const claimed =
          db
            .query(
              `INSERT INTO notifications (feedback_id, email, key, at) VALUES (?, ?, ?, ?)
               ON CONFLICT DO UPDATE SET at = excluded.at WHERE notifications.sent_at IS NULL AND notifications.at <= ?`,
            )
            .run(feedbackId, email, key, at, at - leaseMs).changes === 1;
        if (claimed) return "claimed";
        const row = db
          .query<{ sent_at: number | null }, [string, string, string]>(
            "SELECT sent_at FROM notifications WHERE feedback_id = ? AND email = ? AND key = ?",
          )
          .get(feedbackId, email, key);
        return row?.sent_at != null ? "sent" : "held";
      }),

    async confirmNotification(feedbackId, email, key, at) {
      await batch.run(() =>
        db.query("UPDATE notifications SET sent_at = ? WHERE feedback_id = ? AND email = ? AND key = ?").run(at, feedbackId, email, key),
      );
    },
  };
}

import type { Database } from "bun:sqlite";
import type { VoteRecord } from "../../core/votes/vote.ts";
import type { VoteStore } from "../../core/store/votes.ts";
import { MERGED, mergedIds } from "./merged.ts";
import { insertEvent } from "./outbox.ts";
import { orgNumberOf } from "./rows.ts";
import type { WriteBatch } from "./write-batch.ts";

/**
 * Sets a feedback's votes to the people who voted for it or for a feedback merged into it, each
 * once: what merges, unmerges and withdrawals call in their transactions.
 */
export function recountVotes(db: Database, feedbackId: string): void {
  db.query(`${MERGED} UPDATE feedbacks SET votes = (SELECT count(DISTINCT email) FROM votes WHERE feedback_id IN merged) WHERE id = ?`).run(
    feedbackId,
    feedbackId,
  );
}

/** Votes, each person's own; a feedback's `votes` column counts them over what it answers for. */
export function voteStore(db: Database, batch: WriteBatch): VoteStore {
  const cast: VoteStore["castVote"] = async (orgId, vote, status, follower, events) =>
    batch.run(() => {
      const feedback = db
        .query<{ status: string; merged_into: string | null }, [string, string]>(
          `SELECT status, merged_into FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")}`,
        )
        .get(vote.feedbackId, orgId);
      if (!feedback || feedback.merged_into !== null || feedback.status !== status) return "changed";
      const held = db
        .query<{ n: number }, [string, string]>(`${MERGED} SELECT count(*) AS n FROM votes WHERE email = ? AND feedback_id IN merged`)
        .get(vote.feedbackId, vote.email);
      if (held && held.n > 0) return "held";
      db.query("INSERT INTO votes (feedback_id, email, name, at) VALUES (?, ?, ?, ?)").run(vote.feedbackId, vote.email, vote.name ?? null, vote.at);
      db.query("UPDATE feedbacks SET votes = votes + 1 WHERE id = ?").run(vote.feedbackId);
      db.query(
        "INSERT INTO followers (feedback_id, email, name, language) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET name = coalesce(excluded.name, name)",
      ).run(follower.feedbackId, follower.email, follower.name ?? null, follower.language);
      for (const event of events) insertEvent(db, event);
      return "cast";
    });

  return {
    castVote: cast,

    withdrawVote: (orgId, feedbackId, email) =>
      batch.run(() => {
        const known = db.query(`SELECT 1 FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")}`).get(feedbackId, orgId);
        if (!known) return false;
        const ids = mergedIds(db, feedbackId);
        const removed = db.query(`${MERGED} DELETE FROM votes WHERE email = ? AND feedback_id IN merged`).run(feedbackId, email).changes;
        if (removed === 0) return false;
        for (const id of ids) recountVotes(db, id);
        return true;
      }),

    async listVoters(orgId, feedbackId) {
      const known = db.query(`SELECT 1 FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")}`).get(feedbackId, orgId);
      if (!known) return [];
      // The name and time of each person's first vote (SQLite takes bare columns from the row of min()).
      return db
        .query<{ email: string; name: string | null; at: number }, [string]>(
          `${MERGED} SELECT email, name, min(at) AS at FROM votes WHERE feedback_id IN merged GROUP BY email ORDER BY at, email`,
        )
        .all(feedbackId)
        .map((r): VoteRecord => ({ feedbackId, email: r.email, ...(r.name !== null && { name: r.name }), at: r.at }));
    },

    async countsVoter(orgId, feedbackId, email) {
      const known = db.query(`SELECT 1 FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")}`).get(feedbackId, orgId);
      // The votes' key (feedback_id, email) makes it one look-up per feedback of the merge tree.
      return !!known && db.query(`${MERGED} SELECT 1 FROM votes WHERE email = ? AND feedback_id IN merged LIMIT 1`).get(feedbackId, email) !== null;
    },
  };
}

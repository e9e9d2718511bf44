import type { Database } from "bun:sqlite";
import type { DomainEvent, JobRequest } from "../../core/feedback/events.ts";
import { ownWords, wordsAfterMerge } from "../../core/feedback/search-words.ts";
import { type Dismissal, dismissalAfterSplit, dismissalAfterUnmerge, UNSUGGESTED } from "../../core/merges/dismissal.ts";
import type { MergeRecord } from "../../core/merges/merge.ts";
import type { SplitRecord } from "../../core/merges/split.ts";
import type { FeedbackRecord } from "../../core/model.ts";
import { insertFeedback } from "./new-feedback.ts";
import { addWords, entryWritten, indexNewFeedback, rewriteWords } from "./search-entries.ts";
import type { MergeStore } from "../../core/store/merges.ts";
import { insertEvent, insertJob } from "./outbox.ts";
import { orgNumberOf, placeholders, refOf } from "./rows.ts";
import { recountVotes } from "./votes.ts";
import type { WriteBatch } from "./write-batch.ts";

interface MergeRow {
  id: string;
  org_id: string;
  app_id: string;
  source_id: string;
  target_id: string;
  by: string | null;
  score: number | null;
  at: number;
  report_ids: string;
  added_followers: string;
  target_before: string;
  target_after: string;
  undone_at: number | null;
  undone_by: string | null;
}

const toMerge = (r: MergeRow): MergeRecord => ({
  id: r.id,
  orgId: r.org_id,
  appId: r.app_id,
  sourceId: r.source_id,
  targetId: r.target_id,
  by: r.by,
  score: r.score,
  at: r.at,
  reportIds: JSON.parse(r.report_ids),
  addedFollowers: JSON.parse(r.added_followers),
  targetBefore: JSON.parse(r.target_before),
  targetAfter: JSON.parse(r.target_after),
  undone: r.undone_at === null ? null : { at: r.undone_at, by: r.undone_by },
});

interface SplitRow {
  id: string;
  org_id: string;
  app_id: string;
  feedback_id: string;
  report_id: string;
  new_feedback: string;
  follower: string | null;
  by: string;
  at: number;
  expected_reports: number;
  remaining: string;
}

const toSplit = (r: SplitRow): SplitRecord => ({
  id: r.id,
  orgId: r.org_id,
  appId: r.app_id,
  feedbackId: r.feedback_id,
  reportId: r.report_id,
  newFeedback: JSON.parse(r.new_feedback),
  follower: r.follower,
  by: r.by,
  at: r.at,
  expectedReports: r.expected_reports,
  remaining: JSON.parse(r.remaining),
});

/** Merges, their undoing and splits, each one transaction with its events. */
export function mergeStore(db: Database, batch: WriteBatch): MergeStore {
  const visibleFeedback = (id: string, orgId: string) =>
    db
      .query<{ reports: number }, [string, string]>(
        `SELECT reports FROM feedbacks WHERE id = ? AND org_number = ${orgNumberOf("?")} AND merged_into IS NULL`,
      )
      .get(id, orgId);

  /** How many of these reports the feedback holds: a plan whose reports moved since writes nothing. */
  const holding = (feedbackId: string, reportIds: readonly string[]) =>
    reportIds.length
      ? (db
          .query<{ n: number }, string[]>(
            `SELECT count(*) AS n FROM reports WHERE feedback_ref = ${refOf("?")} AND id IN (${placeholders(reportIds.length)})`,
          )
          .get(feedbackId, ...reportIds)?.n ?? 0)
      : 0;

  const merge = (m: MergeRecord, events: Parameters<MergeStore["applyMerge"]>[1]): boolean => {
    const source = visibleFeedback(m.sourceId, m.orgId);
    const target = visibleFeedback(m.targetId, m.orgId);
    if (source?.reports !== m.reportIds.length || target?.reports !== m.targetBefore.reports) return false;
    if (holding(m.sourceId, m.reportIds) !== m.reportIds.length) return false;
    if (m.reportIds.length) {
      db.query(
        `UPDATE reports SET feedback_ref = ${refOf("?")} WHERE feedback_ref = ${refOf("?")} AND id IN (${placeholders(m.reportIds.length)})`,
      ).run(m.targetId, m.sourceId, ...m.reportIds);
    }
    for (const email of m.addedFollowers) {
      db.query(
        "INSERT OR IGNORE INTO followers (feedback_id, email, name, language, tracking_sealed) SELECT ?, email, name, language, tracking_sealed FROM followers WHERE feedback_id = ? AND email = ?",
      ).run(m.targetId, m.sourceId, email);
    }
    // The target answers searches for the source's words too; its document is rewritten once, at its new activity.
    entryWritten(db, m.sourceId);
    const words = db.query<{ words: string }, [string]>(`SELECT words FROM feedback_words WHERE feedback_ref = ${refOf("?")}`).get(m.sourceId);
    if (words) {
      const carried = words.words ? words.words.split(" ") : [];
      addWords(db, m.targetId, (known) => wordsAfterMerge(known, carried), m.targetAfter.lastActivityAt);
    }
    db.query("UPDATE feedbacks SET reports = ?, last_activity_at = ? WHERE id = ?").run(
      m.targetAfter.reports,
      m.targetAfter.lastActivityAt,
      m.targetId,
    );
    db.query("UPDATE feedbacks SET merged_into = ? WHERE id = ?").run(m.targetId, m.sourceId);
    // The target now counts the source's voters too, each person once.
    recountVotes(db, m.targetId);
    db.query(
      `INSERT INTO merges (id, org_id, app_id, source_id, target_id, by, score, at, report_ids, added_followers, target_before, target_after)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      m.id,
      m.orgId,
      m.appId,
      m.sourceId,
      m.targetId,
      m.by,
      m.score,
      m.at,
      JSON.stringify(m.reportIds),
      JSON.stringify(m.addedFollowers),
      JSON.stringify(m.targetBefore),
      JSON.stringify(m.targetAfter),
    );
    for (const event of events) insertEvent(db, event);
    return true;
  };

  const unmerge = (u: Parameters<MergeStore["applyUnmerge"]>[0], events: Parameters<MergeStore["applyUnmerge"]>[1]): boolean => {
    const m = u.merge;
    const row = db.query<MergeRow, [string]>("SELECT * FROM merges WHERE id = ? AND undone_at IS NULL").get(m.id);
    const source = db.query<{ merged_into: string | null }, [string]>("SELECT merged_into FROM feedbacks WHERE id = ?").get(m.sourceId);
    if (!row || source?.merged_into !== m.targetId || visibleFeedback(m.targetId, m.orgId)?.reports !== u.expectedReports) return false;
    if (holding(m.targetId, m.reportIds) !== m.reportIds.length) return false;
    if (m.reportIds.length) {
      db.query(
        `UPDATE reports SET feedback_ref = ${refOf("?")} WHERE feedback_ref = ${refOf("?")} AND id IN (${placeholders(m.reportIds.length)})`,
      ).run(m.sourceId, m.targetId, ...m.reportIds);
    }
    for (const email of m.addedFollowers) db.query("DELETE FROM followers WHERE feedback_id = ? AND email = ?").run(m.targetId, email);
    db.query("UPDATE feedbacks SET reports = ?, last_activity_at = ? WHERE id = ?").run(u.target.reports, u.target.lastActivityAt, m.targetId);
    db.query("UPDATE feedbacks SET merged_into = NULL WHERE id = ?").run(m.sourceId);
    // Each counts its own voters again: the votes never moved, so both are as they were.
    recountVotes(db, m.targetId);
    recountVotes(db, m.sourceId);
    // The target is found again by its own words only: its key, title and the reports it keeps.
    rewriteWords(db, m.targetId);
    db.query("UPDATE merges SET undone_at = ?, undone_by = ? WHERE id = ?").run(u.at, u.by, m.id);
    dismiss(db, dismissalAfterUnmerge(u));
    for (const event of events) insertEvent(db, event);
    return true;
  };

  const split = (s: SplitRecord, events: readonly DomainEvent[], jobs: readonly JobRequest[]): FeedbackRecord | null => {
    if (visibleFeedback(s.feedbackId, s.orgId)?.reports !== s.expectedReports || holding(s.feedbackId, [s.reportId]) !== 1) return null;
    const f = s.newFeedback;
    const key = insertFeedback(db, f);
    const report = db
      .query<{ body: string }, [string, string, string]>(
        `UPDATE reports SET feedback_ref = ${refOf("?")} WHERE id = ? AND feedback_ref = ${refOf("?")} RETURNING body`,
      )
      .get(f.id, s.reportId, s.feedbackId);
    if (!report) throw new Error(`split ${s.id}: the report left the feedback`);
    indexNewFeedback(db, f.id, ownWords({ key, title: f.title }, [(JSON.parse(report.body) as { message: string }).message]));
    if (s.follower) {
      db.query(
        "INSERT OR IGNORE INTO followers (feedback_id, email, name, language, tracking_sealed) SELECT ?, email, name, language, tracking_sealed FROM followers WHERE feedback_id = ? AND email = ?",
      ).run(f.id, s.feedbackId, s.follower);
    }
    const { retitle } = s.remaining;
    db.query("UPDATE feedbacks SET reports = ?, last_activity_at = ?, title = CASE WHEN title = ? THEN ? ELSE title END WHERE id = ?").run(
      s.remaining.reports,
      s.remaining.lastActivityAt,
      retitle?.from ?? null,
      retitle?.to ?? null,
      s.feedbackId,
    );
    // The feedback left behind is no longer found by the words of the report split off.
    rewriteWords(db, s.feedbackId);
    db.query(
      `INSERT INTO splits (id, org_id, app_id, feedback_id, report_id, new_feedback, follower, by, at, expected_reports, remaining)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      s.id,
      s.orgId,
      s.appId,
      s.feedbackId,
      s.reportId,
      JSON.stringify(f),
      s.follower,
      s.by,
      s.at,
      s.expectedReports,
      JSON.stringify(s.remaining),
    );
    dismiss(db, dismissalAfterSplit(s));
    for (const event of events) insertEvent(db, event);
    for (const job of jobs) insertJob(db, job, s.at);
    return { ...f, key };
  };

  return {
    applySplit: (s, events, jobs) => batch.run(() => split(s, events, jobs)),

    async holdersOf(orgId, reportIds) {
      if (reportIds.length === 0) return new Map();
      const rows = db
        .query<{ id: string; key: string }, string[]>(
          `SELECT r.id, f.key FROM reports r JOIN feedbacks f ON f.ref = r.feedback_ref
           WHERE f.org_number = ${orgNumberOf("?")} AND r.id IN (${placeholders(reportIds.length)})`,
        )
        .all(orgId, ...reportIds);
      return new Map(rows.map((r) => [r.id, r.key]));
    },

    async listSplits(orgId, feedbackId) {
      return db
        .query<SplitRow, [string, string, string, string]>(
          `SELECT * FROM splits WHERE org_id = ? AND feedback_id = ?
           UNION ALL SELECT * FROM splits WHERE org_id = ? AND json_extract(new_feedback, '$.id') = ? ORDER BY at, id`,
        )
        .all(orgId, feedbackId, orgId, feedbackId)
        .map(toSplit);
    },

    applyMerge: (m, events) => batch.run(() => merge(m, events)),
    applyUnmerge: (u, events) => batch.run(() => unmerge(u, events)),

    async findMerge(orgId, sourceId) {
      const row = db
        .query<MergeRow, [string, string]>("SELECT * FROM merges WHERE org_id = ? AND source_id = ? AND undone_at IS NULL ORDER BY at DESC LIMIT 1")
        .get(orgId, sourceId);
      return row ? toMerge(row) : null;
    },

    async listMerges(orgId, feedbackId) {
      return db
        .query<MergeRow, [string, string, string]>("SELECT * FROM merges WHERE org_id = ? AND (source_id = ? OR target_id = ?) ORDER BY at, rowid")
        .all(orgId, feedbackId, feedbackId)
        .map(toMerge);
    },
  };
}

/** Keeps a decision that two feedbacks are not duplicates, on the pair's suggestion. */
export function dismiss(db: Database, d: Dismissal | null): void {
  // None to record: an unmerge that takes back a wrong click leaves the pair waiting.
  if (!d) return;
  db.query(
    `INSERT INTO suggestions (org_id, app_id, feedback_id, similar_id, score, matched, at, dismissed_at, dismissed_by)
     VALUES (?, ?, ?, ?, ?, '[]', ?, ?, ?)
     ON CONFLICT (feedback_id, similar_id) DO UPDATE SET dismissed_at = excluded.dismissed_at, dismissed_by = excluded.dismissed_by`,
  ).run(d.orgId, d.appId, d.feedbackId, d.similarId, UNSUGGESTED, d.at, d.at, d.by);
}

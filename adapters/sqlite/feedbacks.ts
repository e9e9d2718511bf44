import type { Database, SQLQueryBindings } from "bun:sqlite";
import { SEVERITY_RANK } from "../../core/feedback/order.ts";
import type { FeedbackFilter, FeedbackOrder, FeedbackStore, ListPosition } from "../../core/store.ts";
import type { EventType } from "../../core/feedback/events.ts";
import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import { insertEvent, insertJob } from "./outbox.ts";
import { placeholders, toFeedback, toReport, type FeedbackRow, type ReportRow } from "./rows.ts";
import { matchExpression } from "./search.ts";
import type { WriteBatch } from "./write-batch.ts";

/** Severity as lists sort it, from the core's ranks: P0 first, none last. */
const SEVERITY_RANK_SQL = `CASE f.severity ${Object.entries(SEVERITY_RANK)
  .filter(([severity]) => severity !== "none")
  .map(([severity, rank]) => `WHEN '${severity}' THEN ${rank}`)
  .join(" ")} ELSE ${SEVERITY_RANK.none} END`;

/** What each order sorts on, and which way: every order breaks ties by id desc. */
const ORDERS: Readonly<Record<FeedbackOrder, { readonly on: string; readonly descending: boolean }>> = {
  activity: { on: "f.last_activity_at", descending: true },
  reports: { on: "f.reports", descending: true },
  severity: { on: SEVERITY_RANK_SQL, descending: false },
};

/**
 * A search first puts its matching documents in the connection's `hits` table (one full-text
 * read), then takes the cheaper of two plans. Read from the matches: each match's feedback is
 * read, then all are sorted (cost follows the matches). Walk the list: the list index is walked in
 * order and each feedback looked up in the hits (about limit × feedbacks ÷ matches rows, few when
 * the words are common). Reading a feedback from a match costs about five rows of the walk
 * (measured at a million), so the first wins below √(limit × feedbacks ÷ 5) matches. An order
 * without an index of its own (severity) always reads from the matches.
 */
const MATCH_COST_IN_ROWS = 5;
const WALKABLE: ReadonlySet<FeedbackOrder> = new Set(["activity", "reports"]);

/** Whether a feedback holds a hit (a folded feedback's documents answer for its survivor). */
const HOLDS_A_HIT = "EXISTS (SELECT 1 FROM search_docs d CROSS JOIN temp.hits h ON h.doc = d.rowid WHERE d.feedback_id = f.id)";

/** The feedbacks that hold a hit; CROSS JOIN keeps the hits the outer loop. */
const FROM_HITS =
  "(SELECT DISTINCT d.feedback_id AS id FROM temp.hits h CROSS JOIN search_docs d ON d.rowid = h.doc) m CROSS JOIN feedbacks f ON f.id = m.id";

/** The filters that are an equality on a column of feedbacks (and of feedback_counts), those given. */
function equalities(filter: Omit<FeedbackFilter, "statuses">): Array<[column: string, value: string]> {
  const pairs: Array<[string, string | undefined]> = [
    ["kind", filter.kind],
    ["severity", filter.severity],
    ["app_id", filter.appId],
    ["feature_id", filter.featureId],
  ];
  return pairs.filter((pair): pair is [string, string] => pair[1] !== undefined);
}

/** Builds the WHERE clause of a list query; every filter is a bound parameter. `hits`: a search's condition, if any. */
function listConditions(orgId: string, filter: FeedbackFilter, after: ListPosition | null, order: FeedbackOrder, hits: string | null) {
  const where = ["f.org_id = ?", "f.merged_into IS NULL", `f.status IN (${placeholders(filter.statuses.length)})`];
  const params: SQLQueryBindings[] = [orgId, ...filter.statuses];
  for (const [column, value] of equalities(filter)) {
    where.push(`f.${column} = ?`);
    params.push(value);
  }
  if (hits) where.push(hits);
  if (after) {
    const { on, descending } = ORDERS[order];
    where.push(`(${on} ${descending ? "<" : ">"} ? OR (${on} = ? AND f.id < ?))`);
    params.push(after.value, after.value, after.id);
  }
  return { where: where.join(" AND "), params };
}

/** The counts per status that triggers keep (feedback_counts), for the filters other than words. */
function countedByStatus(db: Database, orgId: string, filter: Omit<FeedbackFilter, "statuses">): Partial<Record<Status, number>> {
  const where = ["org_id = ?"];
  const params: SQLQueryBindings[] = [orgId];
  for (const [column, value] of equalities(filter)) {
    where.push(`${column} = ?`);
    params.push(value);
  }
  const rows = db
    .query<{ status: Status; n: number }, SQLQueryBindings[]>(
      `SELECT status, sum(n) AS n FROM feedback_counts WHERE ${where.join(" AND ")} GROUP BY status HAVING sum(n) > 0`,
    )
    .all(...params);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Feedbacks as the inbox reads them, and their status changes. */
export function feedbackStore(db: Database, batch: WriteBatch): FeedbackStore {
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

  db.exec("CREATE TEMP TABLE IF NOT EXISTS hits (doc INTEGER PRIMARY KEY)");
  /** Where a read takes its feedbacks from, and the condition its words add (see WALKABLE). */
  const source = (orgId: string, filter: FeedbackFilter, order: FeedbackOrder, limit: number | null) => {
    if (!filter.words?.length) return { from: "feedbacks f", hits: null };
    db.query("DELETE FROM temp.hits").run();
    const matches = db.query("INSERT INTO temp.hits (doc) SELECT rowid FROM search WHERE search MATCH ?").run(matchExpression(filter.words)).changes;
    if (limit === null || !WALKABLE.has(order)) return { from: FROM_HITS, hits: null };
    const counts = countedByStatus(db, orgId, filter);
    const listed = filter.statuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
    return MATCH_COST_IN_ROWS * matches ** 2 < limit * listed ? { from: FROM_HITS, hits: null } : { from: "feedbacks f", hits: HOLDS_A_HIT };
  };

  return {
    async listFeedbacks(orgId, filter, after, limit, order = "activity") {
      const from = source(orgId, filter, order, limit);
      const { where, params } = listConditions(orgId, filter, after, order, from.hits);
      const { on, descending } = ORDERS[order];
      return db
        .query<FeedbackRow, SQLQueryBindings[]>(
          `SELECT f.* FROM ${from.from} WHERE ${where} ORDER BY ${on} ${descending ? "DESC" : "ASC"}, f.id DESC LIMIT ?`,
        )
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

    async countByStatus(orgId, filter = {}) {
      if (!filter.words?.length) return countedByStatus(db, orgId, filter);
      const all = { ...filter, statuses: STATUSES };
      // A count reads every match whatever their number: from the matches it reads nothing else.
      const from = source(orgId, all, "activity", null);
      const { where, params } = listConditions(orgId, all, null, "activity", from.hits);
      const rows = db
        .query<{ status: Status; n: number }, SQLQueryBindings[]>(`SELECT f.status, count(*) AS n FROM ${from.from} WHERE ${where} GROUP BY f.status`)
        .all(...params);
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
  };
}

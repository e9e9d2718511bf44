import type { Database, SQLQueryBindings } from "bun:sqlite";
import { sortedValue } from "../../core/feedback/order.ts";
import { type DatedRead, listsFrom, type ValueRead } from "../../core/feedback/list-reads.ts";
import type { FeedbackFilter, FeedbackStore, ListPosition, ValueOrder } from "../../core/store/feedbacks.ts";
import { STATUSES, type Status } from "../../core/schemas/feedback.ts";
import { countAmong } from "../../core/feedback/status.ts";
import { insertEvent, insertJob } from "./outbox.ts";
import {
  appNumberOf,
  FEEDBACK_COLUMNS,
  orgNumberOf,
  placeholders,
  REPORT_COLUMNS,
  TOKEN_HASH_HEX,
  toFeedback,
  toReport,
  type FeedbackRow,
  type ReportRow,
} from "./rows.ts";
import { firstDocSql, matchQuery, vocabulary } from "./search.ts";
import { caughtUp } from "./search-entries.ts";
import { type ExpandedWord, type Expansion, expandWords, searchedWords, type Vocabulary } from "../../core/feedback/search-words.ts";
import type { WriteBatch } from "./write-batch.ts";

/**
 * The column each order sorts on, descending (the value of a list position there: core's
 * sortedValue); every order breaks ties by id desc and is read backwards from an ascending index.
 * Severity is sorted on `urgency` (migrations/021-urgency.sql, core's urgencyOf).
 */
const ORDERS: Readonly<Record<ValueOrder, string>> = {
  activity: "f.last_activity_at",
  reports: "f.reports",
  severity: "f.urgency",
  votes: "f.votes",
  revenue: "f.revenue",
};

/**
 * A search in the order of last activity reads the full-text matches in rowid order, which is that
 * order (search.ts): its cost follows the page, not the number of matches. The other orders take
 * the cheaper of two plans. Read from the matches: the matches go to the connection's `hits`
 * table, each one's feedback is read, then all are sorted (cost follows the matches). Walk the
 * list: the order's index is walked and each feedback's words tested (about limit × feedbacks ÷
 * matches rows, few when the words are common). Reading a feedback from a match costs about five
 * rows of the walk (measured at a million), so the first wins below √(limit × feedbacks ÷ 5)
 * matches; the matches are read up to one more than that, so a common word is never read whole.
 */
const MATCH_COST_IN_ROWS = 5;

/**
 * Whether a feedback's words hold every search word (one of its expansions, or a word starting
 * with its prefix), as its full-text document would match: the document is those words, each a
 * token, split at spaces.
 */
function holdsWords(words: readonly ExpandedWord[]): SearchCondition {
  const params: string[] = [];
  const test = (way: Expansion) => {
    if ("prefix" in way) {
      params.push(` ${way.prefix}`);
      return ["instr(' ' || w.words, ?) > 0"];
    }
    params.push(...way.words.map((known) => ` ${known} `));
    return way.words.map(() => "instr(' ' || w.words || ' ', ?) > 0");
  };
  const tests = words.map((ways) => `(${ways.flatMap(test).join(" OR ")})`);
  return { sql: `EXISTS (SELECT 1 FROM feedback_words w WHERE w.feedback_ref = f.ref AND ${tests.join(" AND ")})`, params };
}

/** The feedbacks that hold a hit; CROSS JOIN keeps the hits the outer loop. */
const FROM_HITS = "temp.hits h CROSS JOIN feedback_words w ON w.doc = h.doc CROSS JOIN feedbacks f ON f.ref = w.feedback_ref";

/** The feedbacks a full-text match names, read in rowid order (last activity) when the query orders by it. */
const FROM_MATCHES = "feedback_search s CROSS JOIN feedback_words w ON w.doc = s.rowid CROSS JOIN feedbacks f ON f.ref = w.feedback_ref";

/** Ids bound in one statement of findFeedbacks, well under SQLite's limit on bound variables (250,000 in Bun's build, 32,766 by default). */
const IDS_PER_STATEMENT = 500;

/** The SQL of the first doc of the millisecond given as a parameter. */
const FIRST_DOC = firstDocSql("?");

/**
 * A feedback of organization ?1 by key or id ?2. The organization is in each branch of the OR: outside
 * it, SQLite read the key's branch by scanning every feedback (450 ms at a million).
 */
export const FEEDBACK_BY_KEY_OR_ID = `SELECT ${FEEDBACK_COLUMNS} FROM feedbacks f
  WHERE (f.org_number = ${orgNumberOf("?1")} AND f.key = ?2) OR (f.id = ?2 AND f.org_number = ${orgNumberOf("?1")})`;

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

/** The index of each equality filter. */
const FILTER_INDEXES = [
  ["featureId", "feedbacks_by_feature"],
  ["severity", "feedbacks_by_severity"],
  ["appId", "feedbacks_by_app"],
  ["kind", "feedbacks_by_kind"],
] as const satisfies ReadonlyArray<readonly [keyof FeedbackFilter, string]>;

/** A row read from a filter's index and sorted costs about as much as this many rows of an order's index walked. */
const SORT_COST_IN_ROWS = 2;

/** Counts per status less some of them, the statuses left with none left out. */
const without = (all: Partial<Record<Status, number>>, some: Partial<Record<Status, number>>): Partial<Record<Status, number>> =>
  Object.fromEntries(STATUSES.map((s) => [s, (all[s] ?? 0) - (some[s] ?? 0)] as const).filter(([, n]) => n > 0));

/** A condition of a list query, and its parameters. */
interface SearchCondition {
  readonly sql: string;
  readonly params: readonly SQLQueryBindings[];
}

/** Where a list reads its feedbacks from, and the condition a search adds, if any. */
interface ListSource {
  readonly from: string;
  /** What the source adds to the query's conditions: a search's words, a tag's rows, the organization's publications, a source's reports. */
  readonly condition: SearchCondition | null;
}

const FEEDBACKS: ListSource = { from: "feedbacks f", condition: null };

/** A feedback posted on the portal: it holds a report that came from there (migration 45). */
const POSTED = "f.portal_reports > 0";

/**
 * The feedbacks of a list of the portal's posts (the inbox's "To review"), read from their own
 * indexes: the few posted there, where reading the list's order would go through every feedback.
 * Listed from the one in the order of last activity (feedbacks_posted_recent), which gives a page
 * of the default order without sorting every post, and of another when they are few (postsSource); counted from the one by status
 * (feedbacks_posted), alone. Read only for a filter on the portal's source, whose condition
 * (POSTED) is the indexes' own.
 */
const LISTED_FROM_PORTAL: ListSource = { from: "feedbacks f INDEXED BY feedbacks_posted_recent", condition: null };
const COUNTED_FROM_PORTAL: ListSource = { from: "feedbacks f INDEXED BY feedbacks_posted", condition: null };

/**
 * Where a page of the portal's posts in an order other than activity is read from: their index in
 * the order of activity when they are at most `atMost` (read and sorted), else the order's index
 * (walked), where sorting every post took 13 to 36 ms at a million feedbacks (10,000 posts; walked:
 * 0.5 to 4). They are counted from their index by status, up to one past `atMost`.
 */
export function postsSource(db: Database, orgId: string, statuses: readonly Status[], atMost: number): ListSource {
  const posted = db
    .query<{ n: number }, SQLQueryBindings[]>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM ${COUNTED_FROM_PORTAL.from} WHERE f.org_number = ${orgNumberOf("?")} AND f.merged_into IS NULL AND ${POSTED} AND f.status IN (${placeholders(statuses.length)}) LIMIT ?)`,
    )
    .get(orgId, ...statuses, atMost + 1)!.n;
  return posted > atMost ? FEEDBACKS : LISTED_FROM_PORTAL;
}

/**
 * The feedbacks of one owner, from the owner's index, which holds their status and last activity:
 * counted from it alone, where the planner took the status index, which reads every feedback (492
 * ms at a million) for an owner who has a few; listed from it when they are few (narrowest), where
 * an order other than activity walked its index past every other feedback (200 to 500 ms at a
 * million for an owner who has none).
 */
const BY_OWNER: ListSource = { from: "feedbacks f INDEXED BY feedbacks_by_owner", condition: null };

/**
 * The feedbacks of an organization that have a tag, read from its rows (feedback_tags), where the
 * feedbacks' own indexes would go through every feedback to look at its tags.
 */
const taggedWith = (orgId: string, tag: string, statuses: readonly Status[]): ListSource => ({
  from: "feedback_tags t CROSS JOIN feedbacks f ON f.ref = t.feedback_ref",
  condition: {
    sql: `t.org_number = ${orgNumberOf("?")} AND t.tag = ? AND t.status IN (${placeholders(statuses.length)})`,
    params: [orgId, tag, ...statuses],
  },
});

/** Counts per status from a query that gives `status` and `n` for each. */
const perStatus = (db: Database, sql: string, params: readonly SQLQueryBindings[]): Partial<Record<Status, number>> =>
  Object.fromEntries(
    db
      .query<{ status: Status; n: number }, SQLQueryBindings[]>(sql)
      .all(...params)
      .map((r) => [r.status, r.n]),
  );

/** The organization's feedbacks of a tag per status, from their counts (feedback_tag_counts). */
const taggedCounts = (db: Database, orgId: string, tag: string): Partial<Record<Status, number>> =>
  perStatus(db, `SELECT status, n FROM feedback_tag_counts WHERE org_number = ${orgNumberOf("?")} AND tag = ? AND n > 0`, [orgId, tag]);

/**
 * The sources whose reports reports_by_rare_source leaves out (migrations/049-rare-sources.sql): the
 * most sent, which every report would pay an entry for, and the portal's, which has indexes of its own.
 */
const UNINDEXED_SOURCES = ["api", "widget", "portal"];
const RARE_REPORTS = `SELECT feedback_ref FROM reports INDEXED BY reports_by_rare_source
  WHERE source = ? AND source NOT IN (${UNINDEXED_SOURCES.map((s) => `'${s}'`).join(", ")})`;
const rareSource = (source: string | undefined): source is string => source !== undefined && !UNINDEXED_SOURCES.includes(source);

/**
 * The feedbacks holding a report from a rarer source (a form, Slack, an agent), looked up one by
 * one from those reports: NOT INDEXED keeps the planner from walking every feedback of the
 * organization to test each against them (5 ms at 100,000, where these lookups took 0.07).
 */
const fromRareSource = (source: string): ListSource => ({
  from: "feedbacks f NOT INDEXED",
  condition: { sql: `f.ref IN (${RARE_REPORTS})`, params: [source] },
});

/** Every feedback that has an owner, read from the owners' index. */
const ASSIGNED: ListSource = { from: "feedbacks f INDEXED BY feedbacks_by_owner", condition: { sql: "f.owner IS NOT NULL", params: [] } };

/** Two conditions that must both hold. */
const both = (one: SearchCondition, other: SearchCondition | null): SearchCondition =>
  other ? { sql: `${one.sql} AND ${other.sql}`, params: [...one.params, ...other.params] } : one;

/** A due date filter as a test of the column. */
const dueTest = (due: NonNullable<FeedbackFilter["due"]>): SearchCondition =>
  due === "none"
    ? { sql: "f.due_at IS NULL", params: [] }
    : due === "set"
      ? { sql: "f.due_at IS NOT NULL", params: [] }
      : { sql: "f.due_at < ?", params: [due.before] };

/**
 * A list's condition told to the planner as one nearly every feedback passes (a due date, an owner or
 * none, published or not): the store reads the rows of such a filter itself when it keeps few
 * (narrowest) and walks the order's index when it keeps many, where the planner, which has no
 * statistics, took the condition for a narrow one and read the due dates' index, or from a page's
 * position every listed status's rows, to sort every feedback they hold (the second page of the
 * unassigned: 830 ms at a million feedbacks, of those not published: 1.1 s).
 */
const nearlyAlways = ({ sql, params }: SearchCondition): SearchCondition => ({ sql: `likelihood(${sql}, 1.0)`, params });

/** What the owner filter keeps: the feedbacks of one owner, or those of none. */
const ownerTest = (owner: string | null): SearchCondition =>
  owner === null ? { sql: "f.owner IS NULL", params: [] } : { sql: "f.owner = ?", params: [owner] };

/** What the portal filter keeps: the feedbacks published there, or those not. */
const publishedTest = (published: boolean): SearchCondition => ({
  sql: `${published ? "" : "NOT "}EXISTS (SELECT 1 FROM publications p WHERE p.feedback_id = f.id)`,
  params: [],
});

/** A filter's due dates when it keeps only feedbacks that have one (any, or one before a time): those their index holds. */
const datedBy = (filter: Pick<FeedbackFilter, "due">): "set" | { readonly before: number } | undefined =>
  filter.due === "none" ? undefined : filter.due;

/**
 * The feedbacks that have a due date (before a time, when given), read from their index
 * (migrations/054-feedbacks-due.sql), which holds their status: counted from it alone, and listed
 * from it when few.
 */
const dueSource = (due: "set" | { readonly before: number }): ListSource => ({
  from: "feedbacks f INDEXED BY feedbacks_by_due",
  condition: dueTest(due),
});

/**
 * The feedbacks an organization published on its portal, read from its publications, where the
 * feedbacks' own indexes would go through every feedback to find them: counted so (708 ms at a
 * million feedbacks, none published; 73 ms with 10,000 published), and listed so when they are few.
 */
const publishedOf = (orgId: string, statuses: readonly Status[]): ListSource => ({
  from: "publications p CROSS JOIN feedbacks f ON f.id = p.feedback_id",
  // What the publication keeps of its feedback leaves out the merged ones and other statuses before their rows are read.
  condition: { sql: `p.org_id = ? AND p.listed = 1 AND p.status IN (${placeholders(statuses.length)})`, params: [orgId, ...statuses] },
});

/**
 * The query of a page of a list; every filter is a bound parameter. A search gives where its words
 * are read from. The page starts strictly after `at`; read `back`, it starts at `at` (its row
 * included) and goes toward the top of the list, the nearest first.
 */
export function listQuery(
  orgId: string,
  filter: FeedbackFilter,
  at: ListPosition | null,
  limit: number,
  order: ValueOrder,
  source = filter.source === "portal" ? LISTED_FROM_PORTAL : FEEDBACKS,
  back = false,
) {
  const { where, params } = listConditions(orgId, filter, source);
  if (at) {
    const on = ORDERS[order];
    // A row value bounds the index range; written as an OR, it did not, and a page deep in a list of a
    // million started at the top of the index and took a second.
    where.push(`(${on}, f.id) ${back ? ">=" : "<"} (?, ?)`);
    params.push(sortedValue(order, at.value), at.id);
  }
  const direction = back ? "ASC" : "DESC";
  const sql = `SELECT ${FEEDBACK_COLUMNS} FROM ${source.from} WHERE ${where.join(" AND ")} ORDER BY ${ORDERS[order]} ${direction}, f.id ${direction} LIMIT ?`;
  return { sql, params: [...params, limit] };
}

/**
 * The query of a page of the due order's first run (core's due-order.ts): the feedbacks that have a
 * due date, the soonest first, ties by id desc, strictly after `from` (a due date and an id), or
 * read `back` from it (its row included) toward the top; from either end when null. The due dates'
 * index holds them in that order (migrations/056-due-order.sql): the page starts at the position's
 * due date in it and skips the ties read before, which a row value, ascending on both, cannot say.
 */
export function datedQuery(
  orgId: string,
  filter: FeedbackFilter,
  from: ListPosition | null,
  limit: number,
  { back = false, source = dueSource(datedBy(filter) ?? "set"), columns = FEEDBACK_COLUMNS } = {},
) {
  const { where, params } = listConditions(orgId, filter, source);
  if (from) {
    where.push(back ? "f.due_at <= ? AND (f.due_at < ? OR f.id >= ?)" : "f.due_at >= ? AND (f.due_at > ? OR f.id < ?)");
    params.push(from.value, from.value, from.id);
  }
  const [due, id] = back ? ["DESC", "ASC"] : ["ASC", "DESC"];
  const sql = `SELECT ${columns} FROM ${source.from} WHERE ${where.join(" AND ")} ORDER BY f.due_at ${due}, f.id ${id} LIMIT ?`;
  return { sql, params: [...params, limit] };
}

/**
 * The due date `size` feedbacks of the due order's first run away from `from` (toward the bottom,
 * or the top read back), of the filter's statuses whatever its other filters: where a walk of
 * that many entries of the due dates' index ends, read from the index alone. Undefined when the run
 * ends sooner.
 */
function dueEdge(db: Database, orgId: string, filter: FeedbackFilter, from: ListPosition | null, back: boolean, size: number): number | undefined {
  const { sql, params } = datedQuery(orgId, { statuses: filter.statuses, due: datedBy(filter) ?? "set" }, from, 1, { back, columns: "f.due_at" });
  return db.query<{ due_at: number }, SQLQueryBindings[]>(`${sql} OFFSET ?`).get(...params, size - 1)?.due_at;
}

/** The conditions of a list query, whatever its order: the filters, and what its source adds. */
function listConditions(orgId: string, filter: FeedbackFilter, source: ListSource) {
  const { condition } = source;
  const where = [`f.org_number = ${orgNumberOf("?")}`, "f.merged_into IS NULL", `f.status IN (${placeholders(filter.statuses.length)})`];
  const params: SQLQueryBindings[] = [orgId, ...filter.statuses];
  for (const [column, value] of equalities(filter)) {
    where.push(column === "app_id" ? `f.app_number = ${appNumberOf("?")}` : `f.${column} = ?`);
    params.push(value);
  }
  if (filter.tag !== undefined) {
    where.push("f.tags IS NOT NULL AND EXISTS (SELECT 1 FROM json_each(f.tags) WHERE value = ?)");
    params.push(filter.tag);
  }
  const tests = [
    filter.owner !== undefined && ownerTest(filter.owner),
    filter.due !== undefined && dueTest(filter.due),
    filter.published !== undefined && publishedTest(filter.published),
  ];
  for (const test of tests) {
    if (!test) continue;
    const { sql, params: values } = nearlyAlways(test);
    where.push(sql);
    params.push(...values);
  }
  if (condition) {
    where.push(condition.sql);
    params.push(...condition.params);
  }
  if (filter.source === "portal") where.push(POSTED);
  else if (filter.source !== undefined) {
    where.push("EXISTS (SELECT 1 FROM reports r WHERE r.feedback_ref = f.ref AND r.source = ?)");
    params.push(filter.source);
  }
  return { where, params };
}

/**
 * Whether a filter asks what neither the counters nor the full-text documents hold (published on
 * the portal, a report's source, what the team set: owner, tag, due date): such a list reads the feedbacks themselves.
 */
const readsBeyondCounts = (filter: Omit<FeedbackFilter, "statuses">): boolean =>
  filter.published !== undefined || filter.source !== undefined || filter.owner !== undefined || filter.tag !== undefined || filter.due !== undefined;

/** The counts per status that triggers keep (feedback_counts), for the filters other than words. */
function countedByStatus(db: Database, orgId: string, filter: Omit<FeedbackFilter, "statuses">): Partial<Record<Status, number>> {
  const where = ["org_id = ?"];
  const params: SQLQueryBindings[] = [orgId];
  for (const [column, value] of equalities(filter)) {
    where.push(`${column} = ?`);
    params.push(value);
  }
  return perStatus(db, `SELECT status, sum(n) AS n FROM feedback_counts WHERE ${where.join(" AND ")} GROUP BY status HAVING sum(n) > 0`, params);
}

/** The query of the counts per status of a filter, read from `source` (countedFrom, given a search's words expanded). */
export function countQuery(orgId: string, filter: Omit<FeedbackFilter, "statuses">, source = countedFrom(orgId, filter) ?? FEEDBACKS) {
  const { where, params } = listConditions(orgId, { ...filter, statuses: STATUSES }, source);
  return { sql: `SELECT f.status, count(*) AS n FROM ${source.from} WHERE ${where.join(" AND ")} GROUP BY f.status`, params };
}

/** Whether one of a filter's conditions has an index or rows of its own that a list may be read from (narrowest). */
const narrowable = (filter: Omit<FeedbackFilter, "statuses">): boolean =>
  equalities(filter).length > 0 ||
  typeof filter.owner === "string" ||
  filter.published === true ||
  filter.tag !== undefined ||
  rareSource(filter.source) ||
  datedBy(filter) !== undefined;

/**
 * Where the counts of a filter read its feedbacks from, when one index holds exactly them; else
 * narrowest's. A search's are its full-text matches, whose feedbacks are then tested against the
 * other filters, where testing the words of every feedback took 62 ms at 100,000 feedbacks for a
 * word in one in thirty (with no owner; 9 ms from the matches), and as long for a word in all.
 */
export function countedFrom(orgId: string, filter: Omit<FeedbackFilter, "statuses">, words?: readonly ExpandedWord[]): ListSource | undefined {
  if (words)
    return {
      from: FROM_MATCHES,
      condition: { sql: "feedback_search MATCH ?", params: [matchQuery(orgId, { ...filter, statuses: STATUSES }, words)] },
    };
  if (filter.source === "portal") return COUNTED_FROM_PORTAL;
  if (typeof filter.owner === "string") return BY_OWNER;
  // The due dates' index, unless another filter has rows of its own that may hold fewer (narrowest weighs them).
  const { due: _, ...others } = filter;
  const due = datedBy(filter);
  if (due && !narrowable(others)) return dueSource(due);
  return undefined;
}

/**
 * Whether a filter asks only what a publication keeps of its feedback (its status, kind and app,
 * and whether it is merged: trigger publications_follow_feedback), so that the published ones are
 * counted from the publications alone (5 ms for 10,000, where reading their feedbacks took 73).
 */
const mirrored = (filter: Omit<FeedbackFilter, "statuses" | "published">): boolean =>
  !filter.words?.length && !readsBeyondCounts(filter) && filter.severity === undefined && filter.featureId === undefined;

/** The organization's published feedbacks per status, of a kind and an app when asked, from their publications. */
function publishedCounts(db: Database, orgId: string, filter: Pick<FeedbackFilter, "kind" | "appId">): Partial<Record<Status, number>> {
  const where = ["org_id = ?", "listed = 1"];
  const params: SQLQueryBindings[] = [orgId];
  for (const [column, value] of [
    ["kind", filter.kind],
    ["app_id", filter.appId],
  ] as const) {
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  return perStatus(db, `SELECT status, count(*) AS n FROM publications WHERE ${where.join(" AND ")} GROUP BY status`, params);
}

/**
 * The counts of a filter that something smaller than its feedbacks gives, where reading them took
 * 372 to 708 ms at a million: the published from their publications (and the others as the counted
 * less those), a tag alone from its counts, the unassigned as the counted less the assigned, whom
 * the owners' index holds, and those without a due date as the counted less those with one, whom
 * their index holds. Undefined for any other filter.
 */
function countedAside(db: Database, orgId: string, filter: Omit<FeedbackFilter, "statuses">): Partial<Record<Status, number>> | undefined {
  const { published, ...rest } = filter;
  if (published !== undefined && mirrored(rest)) {
    const shown = publishedCounts(db, orgId, rest);
    return published ? shown : without(countedByStatus(db, orgId, rest), shown);
  }
  const { tag, ...untagged } = filter;
  const onlyCounted = (f: Omit<FeedbackFilter, "statuses">) => !f.words?.length && !readsBeyondCounts(f);
  if (tag !== undefined && onlyCounted(untagged) && equalities(untagged).length === 0) return taggedCounts(db, orgId, tag);
  const { due, ...anyDue } = filter;
  if (due === "none" && onlyCounted(anyDue)) {
    const { sql, params } = countQuery(orgId, { ...anyDue, due: "set" }, dueSource("set"));
    return without(countedByStatus(db, orgId, anyDue), perStatus(db, sql, params));
  }
  const { owner, ...others } = filter;
  if (owner !== null || !onlyCounted(others)) return undefined;
  const { sql, params } = countQuery(orgId, others, ASSIGNED);
  return without(countedByStatus(db, orgId, others), perStatus(db, sql, params));
}

/** Counts per status read from the feedbacks themselves, for the filters the counters do not hold. */
async function countedByReading(
  db: Database,
  known: Vocabulary,
  orgId: string,
  filter: Omit<FeedbackFilter, "statuses">,
): Promise<Partial<Record<Status, number>>> {
  const words = await searchedWords(filter, known);
  if (words === null) return {};
  const source = countedFrom(orgId, filter, words) ?? narrowest(db, orgId, { ...filter, statuses: STATUSES }, Number.POSITIVE_INFINITY) ?? FEEDBACKS;
  const { sql, params } = countQuery(orgId, filter, source);
  return perStatus(db, sql, params);
}

/** A source a list may be read from besides narrowest's own, and the query of the feedbacks it holds (which narrowest counts). */
interface Candidate {
  readonly source: ListSource;
  readonly rows: SearchCondition;
}

/**
 * Where the feedbacks of a filter are read from when one of its filters keeps at most `atMost` of
 * them: that filter's own index (a kind, severity, app or feature), the organization's
 * publications, a tag's rows, the reports of a rarer source, the index of due dates, the owners'
 * index, or one of `others`, whichever holds the fewest; none when each keeps more. The sizes come
 * from the counters (the tags' among them), and from counts of the publications, of the reports,
 * of the due dates, of the owner's feedbacks and of the others' rows that stop past the fewest known.
 */
export function narrowest(
  db: Database,
  orgId: string,
  filter: FeedbackFilter,
  atMost: number,
  others: readonly Candidate[] = [],
): ListSource | undefined {
  // An equality's index reads every feedback of its value (not only those the other filters keep):
  // the one with the fewest, as the counters say.
  let index = "";
  let equalled = Number.POSITIVE_INFINITY;
  for (const [field, name] of FILTER_INDEXES) {
    if (filter[field] === undefined) continue;
    const size = countAmong(countedByStatus(db, orgId, { [field]: filter[field] }), filter.statuses);
    if (size < equalled) [index, equalled] = [name, size];
  }
  // The other sizes matter only up to the fewest known.
  const bounded = (sql: string, params: readonly SQLQueryBindings[], bound = Math.min(atMost, equalled)) =>
    db
      .query<{ n: number }, SQLQueryBindings[]>(`SELECT count(*) AS n FROM (${sql} LIMIT ?)`)
      // SQLite's LIMIT -1 is none.
      .get(...params, Number.isFinite(bound) ? bound + 1 : -1)!.n;
  const statuses = placeholders(filter.statuses.length);
  const published =
    filter.published === true
      ? bounded(`SELECT 1 FROM publications WHERE org_id = ? AND listed = 1 AND status IN (${statuses})`, [orgId, ...filter.statuses])
      : Number.POSITIVE_INFINITY;
  const tagged = filter.tag === undefined ? Number.POSITIVE_INFINITY : countAmong(taggedCounts(db, orgId, filter.tag), filter.statuses);
  // Every organization's reports of the source: more than this one's feedbacks that hold one, never fewer.
  const sourced = rareSource(filter.source) ? bounded(RARE_REPORTS, [filter.source]) : Number.POSITIVE_INFINITY;
  const due = datedBy(filter);
  const dueRows = due && dueSource(due);
  const withDue = dueRows
    ? bounded(
        `SELECT 1 FROM ${dueRows.from} WHERE f.org_number = ${orgNumberOf("?")} AND f.merged_into IS NULL AND f.status IN (${statuses}) AND ${dueRows.condition!.sql}`,
        [orgId, ...filter.statuses, ...dueRows.condition!.params],
      )
    : Number.POSITIVE_INFINITY;
  const owned =
    typeof filter.owner === "string"
      ? bounded(
          `SELECT 1 FROM ${BY_OWNER.from} WHERE f.org_number = ${orgNumberOf("?")} AND f.owner = ? AND f.merged_into IS NULL AND f.status IN (${statuses})`,
          [orgId, filter.owner, ...filter.statuses],
        )
      : Number.POSITIVE_INFINITY;
  // The first of the fewest, in this order where two hold as many.
  const sized: Array<readonly [number, () => ListSource]> = [
    [sourced, () => fromRareSource(filter.source!)],
    [tagged, () => taggedWith(orgId, filter.tag!, filter.statuses)],
    [published, () => publishedOf(orgId, filter.statuses)],
    [withDue, () => dueRows!],
    [owned, () => BY_OWNER],
    [equalled, () => ({ from: `feedbacks f INDEXED BY ${index}`, condition: null })],
  ];
  const fewestOf = () => sized.reduce((fewest, next) => (next[0] < fewest[0] ? next : fewest));
  for (const { source, rows } of others) sized.push([bounded(rows.sql, rows.params, Math.min(atMost, fewestOf()[0])), () => source]);
  const [fewest, source] = fewestOf();
  return Number.isFinite(fewest) && fewest <= atMost ? source() : undefined;
}

/** A search's matches, once read into the connection's `hits`. */
const HITS: ListSource = { from: FROM_HITS, condition: null };

/**
 * The sources of the due order's first run besides narrowest's: the portal's posts (their index)
 * and a search's matches (HITS, which the caller reads), as a filter asks.
 */
function dueCandidates(orgId: string, filter: FeedbackFilter, words?: readonly ExpandedWord[]): Candidate[] {
  const kept = `f.org_number = ${orgNumberOf("?")} AND f.merged_into IS NULL AND f.status IN (${placeholders(filter.statuses.length)})`;
  const params: SQLQueryBindings[] = [orgId, ...filter.statuses];
  const candidates: Candidate[] = [];
  if (filter.source === "portal") {
    candidates.push({ source: COUNTED_FROM_PORTAL, rows: { sql: `SELECT 1 FROM ${COUNTED_FROM_PORTAL.from} WHERE ${kept} AND ${POSTED}`, params } });
  }
  if (words) {
    const rows = { sql: "SELECT rowid FROM feedback_search WHERE feedback_search MATCH ?", params: [matchQuery(orgId, filter, words)] };
    candidates.push({ source: HITS, rows });
  }
  return candidates;
}

/**
 * Where the due order's first run is read from once a walk of the due dates' index found too few
 * of the feedbacks its filter keeps (few of them are due, though many are kept): whichever holds
 * the fewest, the due themselves (walked on to the end), one of narrowest's or of dueCandidates,
 * read whole and sorted.
 */
export function fewestDue(db: Database, orgId: string, filter: FeedbackFilter, words?: readonly ExpandedWord[]): ListSource {
  // Finite: the due dates' index is one of narrowest's, the filter being one of the due.
  const fewest = narrowest(db, orgId, filter, Number.POSITIVE_INFINITY, dueCandidates(orgId, filter, words))!;
  return words && fewest !== HITS ? { from: fewest.from, condition: both(holdsWords(words), fewest.condition) } : fewest;
}

/** Feedbacks as the inbox reads them, and their status changes. */
export function feedbackStore(db: Database, batch: WriteBatch): FeedbackStore {
  const known = vocabulary(db, caughtUp(db, batch));
  const applyChange = (c: Parameters<FeedbackStore["applyStatusChange"]>[0]): boolean => {
    const changed = db
      .query(`UPDATE feedbacks SET status = ? WHERE id = ? AND org_number = ${orgNumberOf("?")} AND status = ?`)
      .run(c.to, c.feedbackId, c.orgId, c.from);
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

  /**
   * A page of a search in the order of last activity. Feedbacks last active in the same millisecond
   * come in rowid order, not by id: one row more than the page shows whether the page's last
   * millisecond goes on; if it does, the page is completed with the rest of it and sorted, so it is
   * exact.
   */
  const searchByActivity = (match: string, after: ListPosition | null, limit: number) => {
    const read = (range: string, params: SQLQueryBindings[], count: number | null) =>
      db
        .query<FeedbackRow, SQLQueryBindings[]>(
          `SELECT ${FEEDBACK_COLUMNS} FROM ${FROM_MATCHES} WHERE feedback_search MATCH ? ${range}
           ${after ? "AND (f.last_activity_at < ? OR (f.last_activity_at = ? AND f.id < ?))" : ""}
           ORDER BY s.rowid DESC ${count === null ? "" : "LIMIT ?"}`,
        )
        .all(match, ...params, ...(after ? [after.value, after.value, after.id] : []), ...(count === null ? [] : [count]));
    const rows = read(after ? `AND s.rowid < ${FIRST_DOC}` : "", after ? [after.value + 1] : [], limit + 1);
    const last = rows[limit - 1]?.last_activity_at;
    if (last !== undefined && rows[limit]?.last_activity_at === last) {
      const ties = read(`AND s.rowid >= ${FIRST_DOC} AND s.rowid < ${FIRST_DOC}`, [last, last + 1], null);
      rows.splice(
        rows.findIndex((r) => r.last_activity_at === last),
        rows.length,
        ...ties,
      );
    }
    return rows
      .sort((a, b) => b.last_activity_at - a.last_activity_at || (a.id < b.id ? 1 : -1))
      .slice(0, limit)
      .map(toFeedback);
  };

  db.exec("CREATE TEMP TABLE IF NOT EXISTS hits (doc INTEGER PRIMARY KEY)");
  /** Reads a search's matches into the connection's `hits`, up to `atMost` and one more that tells there are more: how many were read. */
  const readHits = (orgId: string, filter: FeedbackFilter, words: readonly ExpandedWord[], atMost: number): number => {
    db.query("DELETE FROM temp.hits").run();
    return db
      .query("INSERT INTO temp.hits (doc) SELECT rowid FROM feedback_search WHERE feedback_search MATCH ? LIMIT ?")
      .run(matchQuery(orgId, filter, words), Number.isFinite(atMost) ? atMost + 1 : -1).changes;
  };

  /** Where a search in another order takes its feedbacks from, and the condition its words add. */
  const source = (orgId: string, filter: FeedbackFilter, words: readonly ExpandedWord[], limit: number): ListSource => {
    const listed = countAmong(countedByStatus(db, orgId, filter), filter.statuses);
    const readable = Math.floor(Math.sqrt((limit * listed) / MATCH_COST_IN_ROWS));
    return readHits(orgId, filter, words, readable) <= readable ? HITS : { from: "feedbacks f", condition: holdsWords(words) };
  };

  /**
   * How many feedbacks a list of `limit` may read from one of its filters' own rows and sort rather
   * than walk an order's index past every feedback left out: of F feedbacks listed among N, the
   * order's index is walked about limit × N / F rows deep.
   */
  const fewEnough = (orgId: string, filter: FeedbackFilter, limit: number): number =>
    Math.floor(Math.sqrt((limit * countAmong(countedByStatus(db, orgId, {}), filter.statuses)) / SORT_COST_IN_ROWS));

  /**
   * Where a list takes its feedbacks from when few of them pass one of its filters (narrowest), or
   * are the portal's posts (postsSource), read and sorted, rather than the order's index walked.
   */
  const narrowed = (orgId: string, filter: FeedbackFilter, limit: number, order: ValueOrder): ListSource | undefined => {
    // A list none of whose filters can narrow it (the inbox as it opens) reads no count, nor the
    // posts in the order of activity, which their index (listQuery's for them) holds in that order.
    if (filter.source === "portal" ? order === "activity" : !narrowable(filter)) return undefined;
    const atMost = fewEnough(orgId, filter, limit);
    return filter.source === "portal" ? postsSource(db, orgId, filter.statuses, atMost) : narrowest(db, orgId, filter, atMost);
  };

  const readDated = (orgId: string, filter: FeedbackFilter, from: ListPosition | null, limit: number, back: boolean, source: ListSource) => {
    const { sql, params } = datedQuery(orgId, filter, from, limit, { back, source });
    return db
      .query<FeedbackRow, SQLQueryBindings[]>(sql)
      .all(...params)
      .map(toFeedback);
  };

  /**
   * A page of the due order's first run (core's ListReads), a search's words as its page expanded
   * them. When a search's matches or one of the filters keep few feedbacks (narrowest's, an owner's,
   * the portal's posts), they are read and sorted. Else the due dates' index is walked in its order,
   * a search's words tested on each feedback, over as many entries as a list would read from a
   * filter's own rows (fewEnough): if the page is not full by then, few of the feedbacks the filter
   * keeps are due, and the run is read from what holds the fewest of them (fewestDue). A filter that
   * keeps many feedbacks but none of those due (the portal's posts, an owner's, a common word)
   * walked all of them, 127 to 272 ms at a million feedbacks with 100,000 due; now 25 to 87.
   */
  const dated: DatedRead = (orgId, filter, words, from, limit, back) => {
    const few = fewEnough(orgId, filter, limit);
    const kept = words !== undefined ? source(orgId, filter, words, limit) : narrowest(db, orgId, filter, few, dueCandidates(orgId, filter));
    if (kept && kept.from !== FEEDBACKS.from) return readDated(orgId, filter, from, limit, back, kept);
    const due = dueSource(datedBy(filter) ?? "set");
    const walked = { from: due.from, condition: both(due.condition!, kept?.condition ?? null) };
    const edge = dueEdge(db, orgId, filter, from, back, Math.max(limit, few));
    if (edge === undefined) return readDated(orgId, filter, from, limit, back, walked);
    const window = { from: walked.from, condition: both(walked.condition, { sql: `f.due_at ${back ? ">=" : "<="} ?`, params: [edge] }) };
    const rows = readDated(orgId, filter, from, limit, back, window);
    if (rows.length === limit) return rows;
    const fewest = fewestDue(db, orgId, filter, words);
    if (fewest === HITS) readHits(orgId, filter, words!, Number.POSITIVE_INFINITY);
    return readDated(orgId, filter, from, limit, back, fewest);
  };

  /**
   * A page of a list in an order of one stored value, strictly after `from`, or read `back` from it
   * (its row included) toward the top (listQuery); a search's words as its page expanded them.
   */
  const read: ValueRead = (orgId, filter, words, from, limit, order, back) => {
    // A search read back takes the way of the other orders (searchByActivity reads forward only):
    // a page back is asked for far less often than the next.
    if (words !== undefined && order === "activity" && !back && !readsBeyondCounts(filter)) {
      return searchByActivity(matchQuery(orgId, filter, words), from, limit);
    }
    const kept = words !== undefined ? source(orgId, filter, words, limit) : narrowed(orgId, filter, limit, order);
    const { sql, params } = listQuery(orgId, filter, from, limit, order, kept, back);
    return db
      .query<FeedbackRow, SQLQueryBindings[]>(sql)
      .all(...params)
      .map(toFeedback);
  };

  return {
    ...listsFrom({ vocabulary: known, read, dated }),

    async findFeedback(orgId, keyOrId) {
      const row = db.query<FeedbackRow, [string, string]>(FEEDBACK_BY_KEY_OR_ID).get(orgId, keyOrId);
      return row ? toFeedback(row) : null;
    },

    async findFeedbacks(orgId, ids) {
      const unique = [...new Set(ids)];
      const chunks = Array.from({ length: Math.ceil(unique.length / IDS_PER_STATEMENT) }, (_, i) =>
        unique.slice(i * IDS_PER_STATEMENT, (i + 1) * IDS_PER_STATEMENT),
      );
      return chunks.flatMap((chunk) =>
        db
          .query<FeedbackRow, string[]>(
            // The unary + keeps SQLite on the ids' index: on the organization's, it read every feedback of it.
            `SELECT ${FEEDBACK_COLUMNS} FROM feedbacks f WHERE f.id IN (${placeholders(chunk.length)}) AND +f.org_number = ${orgNumberOf("?")}`,
          )
          .all(...chunk, orgId)
          .map(toFeedback),
      );
    },

    async findFeedbackById(feedbackId) {
      const row = db.query<FeedbackRow, [string]>(`SELECT ${FEEDBACK_COLUMNS} FROM feedbacks f WHERE f.id = ?`).get(feedbackId);
      return row ? toFeedback(row) : null;
    },

    async listReports(feedbackId) {
      return db
        .query<ReportRow, [string]>(
          `SELECT ${REPORT_COLUMNS} FROM feedbacks f JOIN reports r ON r.feedback_ref = f.ref WHERE f.id = ? ORDER BY r.at, r.id`,
        )
        .all(feedbackId)
        .map(toReport);
    },

    async findReportByStatusId(statusId) {
      const row = db
        .query<ReportRow & { token_hash: string }, [string]>(
          // A report's own id tracks it (status_id null), or for one stored before reports were tracked so, its status_id.
          `SELECT ${REPORT_COLUMNS}, ${TOKEN_HASH_HEX} AS token_hash FROM reports r JOIN feedbacks f ON f.ref = r.feedback_ref
           WHERE r.status_id = ?1 OR (r.id = ?1 AND r.status_id IS NULL)`,
        )
        .get(statusId);
      return row ? { report: toReport(row), tokenHash: row.token_hash } : null;
    },

    async statusChanges(feedbackId) {
      return db
        .query<{ previous_status: Status; created_at: number; actor_id: string | null; related_id: string | null }, [string]>(
          "SELECT previous_status, created_at, actor_id, related_id FROM events WHERE feedback_id = ? AND type = 'feedback.status_changed' ORDER BY created_at, rowid",
        )
        .all(feedbackId)
        .map((e) => ({
          previousStatus: e.previous_status,
          at: e.created_at,
          ...(e.actor_id !== null && { by: e.actor_id }),
          ...(e.related_id !== null && { entryId: e.related_id }),
        }));
    },

    async listComments(feedbackId) {
      return db
        .query<
          {
            id: string;
            text: string;
            user_id: string;
            report_id: string | null;
            person_email: string | null;
            person_name: string | null;
            visibility: "internal" | "public";
            status_from: Status;
            status_to: Status;
            at: number;
          },
          [string]
        >(
          "SELECT id, text, user_id, report_id, person_email, person_name, visibility, status_from, status_to, at FROM comments WHERE feedback_id = ? ORDER BY at, rowid",
        )
        .all(feedbackId)
        .map((c) => ({
          id: c.id,
          text: c.text,
          userId: c.user_id,
          ...(c.report_id !== null && { reportId: c.report_id }),
          ...(c.person_email !== null && { person: { email: c.person_email, ...(c.person_name !== null && { name: c.person_name }) } }),
          statusFrom: c.status_from,
          statusTo: c.status_to,
          at: c.at,
          visibility: c.visibility,
        }));
    },

    async countByStatus(orgId, filter = {}) {
      const aside = countedAside(db, orgId, filter);
      if (aside) return aside;
      if (readsBeyondCounts(filter)) return countedByReading(db, known, orgId, filter);
      if (!filter.words?.length) return countedByStatus(db, orgId, filter);
      // One count of full-text matches per status that has feedbacks at all (the counters say which):
      // a word's postings are per status, so no feedback row is read.
      const words = await expandWords(filter.words, known);
      if (words === null) return {};
      const count = db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM feedback_search WHERE feedback_search MATCH ?");
      const counts = Object.keys(countedByStatus(db, orgId, filter)).map(
        (status) => [status, count.get(matchQuery(orgId, { ...filter, statuses: [status] }, words))!.n] as const,
      );
      return Object.fromEntries(counts.filter(([, n]) => n > 0));
    },

    async applyStatusChange(change) {
      return batch.run(() => applyChange(change));
    },
  };
}

import type { Database, SQLQueryBindings } from "bun:sqlite";
import { type PortablePosition, type PortableRecord, type PortableSet, type PortableSource, START } from "../../core/portable.ts";
import { documentText } from "./grouping.ts";
import { appIdOf, FEEDBACK_COLUMNS, orgIdOf, placeholders, TOKEN_HASH_HEX } from "./rows.ts";
import { openDatabase } from "./open.ts";
import { writeWaiting } from "./search-entries.ts";

type Row = Record<string, unknown>;

interface SetSpec {
  /**
   * The SELECT that lists the set. Columns named with a leading `_` are its order, not fields: a
   * unique `_rowid`, or for a table without rowids the columns of its primary key (`order`).
   */
  readonly from: string;
  /** The order of a set read by its primary key; a position is then those columns' values. */
  readonly order?: readonly string[];
  readonly key: (row: Row) => string[];
  /** Columns holding JSON text. */
  readonly json?: readonly string[];
  /** Columns holding space-separated scopes. */
  readonly words?: readonly string[];
  readonly booleans?: readonly string[];
  /** Column renames, where the core's field name is not the column's in camelCase. */
  readonly rename?: Readonly<Record<string, string>>;
  /** Columns the store derives from others for its indexes, not fields. */
  readonly computed?: readonly string[];
  /** Fields the store keeps by reference, read back from the row. */
  readonly derive?: (row: Row) => Record<string, unknown>;
}

const camel = (column: string): string => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Every set of the store, read from its tables; rate counters are left out (they live one minute). */
const SETS: Readonly<Record<PortableSet, SetSpec>> = {
  // The service secret and the check of the key that seals the others, under MongoDB's names.
  meta: {
    from: "SELECT rowid AS _rowid, iif(name = 'cursor_secret', 'service_secret', name) AS name, value FROM settings WHERE name IN ('cursor_secret', 'key_check')",
    key: (r) => [String(r.name)],
  },
  organizations: {
    from: "SELECT rowid AS _rowid, o.*, (SELECT count(*) FROM webhooks w WHERE w.org_id = o.id) AS webhook_count FROM organizations o",
    key: (r) => [String(r.id)],
    computed: ["number"],
  },
  quota: { from: "SELECT rowid AS _rowid, * FROM quota_usage", key: (r) => [String(r.org_id), String(r.month)] },
  apps: { from: "SELECT rowid AS _rowid, * FROM apps", key: (r) => [String(r.id)], json: ["browser"], computed: ["number"] },
  channels: { from: "SELECT rowid AS _rowid, * FROM channels", key: (r) => [String(r.id)], booleans: ["active"] },
  features: { from: "SELECT rowid AS _rowid, * FROM features", key: (r) => [String(r.id)], json: ["cues", "code"] },
  help_articles: { from: "SELECT rowid AS _rowid, * FROM help_articles", key: (r) => [String(r.id)] },
  users: { from: "SELECT rowid AS _rowid, * FROM users", key: (r) => [String(r.id)] },
  memberships: { from: "SELECT rowid AS _rowid, * FROM memberships", key: (r) => [String(r.org_id), String(r.user_id)] },
  sessions: { from: "SELECT rowid AS _rowid, * FROM sessions", key: (r) => [String(r.id_hash)] },
  tokens: { from: "SELECT rowid AS _rowid, * FROM tokens", key: (r) => [String(r.id)], words: ["scopes"], rename: { agent_id: "agentId" } },
  oauth_clients: { from: "SELECT rowid AS _rowid, * FROM oauth_clients", key: (r) => [String(r.id)], json: ["redirect_uris"] },
  auth_codes: {
    from: "SELECT rowid AS _rowid, * FROM auth_codes",
    key: (r) => [String(r.code_hash)],
    words: ["scopes"],
    rename: { agent_id: "agentId" },
  },
  agents: { from: "SELECT rowid AS _rowid, * FROM agents", key: (r) => [String(r.id)], words: ["scopes"] },
  feedbacks: {
    // The words a feedback is found by, as the search keeps them.
    from: `SELECT f.ref AS _rowid, ${FEEDBACK_COLUMNS}, (SELECT words FROM feedback_words w WHERE w.feedback_ref = f.ref) AS search_text FROM feedbacks f`,
    key: (r) => [String(r.id)],
    json: ["tracker", "diagnostic", "tags"],
    // Revenue is carried as it is: a store that keeps it by hand (MongoDB) reads it from the copy.
    computed: ["urgency", "org_number", "app_number", "ref", "portal_reports"],
  },
  reports: {
    from: `SELECT r.rowid AS _rowid, r.id, f.id AS feedback_id, ${orgIdOf("f.org_number")} AS org_id, ${appIdOf("f.app_number")} AS app_id, r.source, r.body, r.language, r.conversation,
      coalesce(r.status_id, r.id) AS status_id, ${TOKEN_HASH_HEX} AS status_token_hash, r.at
      FROM reports r JOIN feedbacks f ON f.ref = r.feedback_ref`,
    key: (r) => [String(r.id)],
    json: ["body", "conversation"],
    rename: { body: "report" },
  },
  comments: { from: "SELECT rowid AS _rowid, * FROM comments", key: (r) => [String(r.id)] },
  followers: { from: "SELECT rowid AS _rowid, * FROM followers", key: (r) => [String(r.feedback_id), String(r.email)] },
  votes: { from: "SELECT rowid AS _rowid, * FROM votes", key: (r) => [String(r.feedback_id), String(r.email)] },
  notifications: { from: "SELECT rowid AS _rowid, * FROM notifications", key: (r) => [String(r.feedback_id), String(r.email), String(r.key)] },
  events: { from: "SELECT rowid AS _rowid, * FROM events", key: (r) => [String(r.id)] },
  jobs: { from: "SELECT rowid AS _rowid, * FROM jobs", key: (r) => [String(r.id)] },
  webhooks: { from: "SELECT rowid AS _rowid, * FROM webhooks", key: (r) => [String(r.id)], json: ["events", "last_delivery"] },
  deliveries: { from: "SELECT rowid AS _rowid, * FROM deliveries", key: (r) => [String(r.event_id), String(r.webhook_id)] },
  idempotency: { from: "SELECT rowid AS _rowid, * FROM idempotency", key: (r) => [String(r.scope), String(r.key)], json: ["response"] },
  qualifications: { from: "SELECT rowid AS _rowid, * FROM qualifications", key: (r) => [String(r.id)], json: ["data"] },
  grouping_docs: {
    from: `SELECT d.feedback_ref AS _rowid, f.id AS feedback_id, ${appIdOf("f.app_number")} AS app_id, d.text, d.vector, r.body AS _report
      FROM grouping_docs d JOIN feedbacks f ON f.ref = d.feedback_ref LEFT JOIN reports r ON r.id = d.report_id`,
    derive: (r) => ({ text: documentText({ text: String(r.text), report: r._report === null ? null : String(r._report) }) }),
    key: (r) => [String(r.feedback_id)],
    json: ["vector"],
  },
  grouping_keys: {
    from: `SELECT p.term AS _term, p.doc AS _doc, ${appIdOf("t.app")} AS app_id, t.key, f.id AS feedback_id
      FROM grouping_postings p JOIN grouping_terms t ON t.n = p.term JOIN feedbacks f ON f.ref = p.doc`,
    order: ["_term", "_doc"],
    key: (r) => [String(r.app_id), String(r.key), String(r.feedback_id)],
  },
  grouping_df: {
    from: `SELECT t.n AS _rowid, ${appIdOf("t.app")} AS app_id, t.key, t.df AS n FROM grouping_terms t`,
    key: (r) => [String(r.app_id), String(r.key)],
  },
  slack_connections: { from: "SELECT rowid AS _rowid, * FROM slack_connections", key: (r) => [String(r.org_id)], json: ["kinds", "last_failure"] },
  slack_events: {
    from: "SELECT org_id AS _org, event_id AS _event, * FROM slack_events",
    order: ["_org", "_event"],
    key: (r) => [String(r.org_id), String(r.event_id)],
  },
  app_trackers: { from: "SELECT rowid AS _rowid, * FROM app_trackers", key: (r) => [String(r.app_id)], json: ["last_failure"] },
  attachments: { from: "SELECT rowid AS _rowid, * FROM attachments", key: (r) => [String(r.id)] },
  merges: {
    from: "SELECT rowid AS _rowid, id, org_id, app_id, source_id, target_id, by, score, at, report_ids, added_followers, target_before, target_after, undone_at, undone_by FROM merges",
    key: (r) => [String(r.id)],
    json: ["report_ids", "added_followers", "target_before", "target_after"],
  },
  splits: { from: "SELECT rowid AS _rowid, * FROM splits", key: (r) => [String(r.id)], json: ["new_feedback", "remaining"] },
  suggestions: {
    from: "SELECT rowid AS _rowid, * FROM suggestions",
    key: (r) => [String(r.feedback_id), String(r.similar_id)],
    json: ["matched"],
  },
  changelog_entries: { from: "SELECT rowid AS _rowid, * FROM changelog_entries", key: (r) => [String(r.id)], json: ["feedback_ids"] },
  invitations: { from: "SELECT rowid AS _rowid, * FROM invitations", key: (r) => [String(r.id)] },
  password_resets: { from: "SELECT rowid AS _rowid, * FROM password_resets", key: (r) => [String(r.id)] },
  saved_views: { from: "SELECT rowid AS _rowid, * FROM saved_views", key: (r) => [String(r.id)] },
  team_settings: { from: "SELECT rowid AS _rowid, * FROM team_settings", key: (r) => [String(r.user_id)], booleans: ["digest"] },
  digest_runs: {
    from: "SELECT org_id AS _org, day AS _day, org_id, day FROM digest_runs",
    order: ["_org", "_day"],
    key: (r) => [String(r.org_id), String(r.day)],
  },
  portals: {
    from: "SELECT rowid AS _rowid, * FROM portals",
    key: (r) => [String(r.org_id)],
    json: ["status_labels"],
    booleans: ["enabled", "indexing"],
  },
  publications: {
    from: "SELECT rowid AS _rowid, feedback_id, org_id, title, description, published_at, words FROM publications",
    key: (r) => [String(r.feedback_id)],
  },
  tags: {
    from: "SELECT org_id AS _org_id, name AS _name, org_id, name, created_at, color FROM tags",
    order: ["_org_id", "_name"],
    key: (r) => [String(r.org_id), String(r.name)],
  },
  api_keys: { from: "SELECT rowid AS _rowid, * FROM api_keys", key: (r) => [String(r.id)], words: ["scopes"] },
  triage_changes: { from: "SELECT rowid AS _rowid, * FROM triage_changes", key: (r) => [String(r.id)], json: ["changes"] },
};

function toRecord(spec: SetSpec, row: Row): PortableRecord {
  const fields: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.startsWith("_") || spec.computed?.includes(column)) continue;
    const name = spec.rename?.[column] ?? camel(column);
    if (value === null) fields[name] = null;
    else if (spec.json?.includes(column)) fields[name] = JSON.parse(String(value));
    else if (spec.words?.includes(column)) fields[name] = String(value).split(" ").filter(Boolean);
    else if (spec.booleans?.includes(column)) fields[name] = value === 1;
    else fields[name] = value;
  }
  return { key: spec.key(row), fields: { ...fields, ...spec.derive?.(row) } };
}

/** The next batch of a set after a position, and the position after it. */
function readBatch(db: Database, spec: SetSpec, position: PortablePosition, size: number): { rows: Row[]; position: PortablePosition } {
  if (!spec.order) {
    const rows = db
      .query<Row, [number, number]>(`SELECT * FROM (${spec.from}) WHERE _rowid > ? ORDER BY _rowid LIMIT ?`)
      .all(Number(position || 0), size);
    return { rows, position: rows.length > 0 ? String(rows.at(-1)!._rowid) : position };
  }
  const columns = spec.order.join(", ");
  const after = position === START ? [] : (JSON.parse(position) as SQLQueryBindings[]);
  const where = after.length > 0 ? `WHERE (${columns}) > (${placeholders(after.length)})` : "";
  const rows = db.query<Row, SQLQueryBindings[]>(`SELECT * FROM (${spec.from}) ${where} ORDER BY ${columns} LIMIT ?`).all(...after, size);
  const last = rows.at(-1);
  return { rows, position: last ? JSON.stringify(spec.order.map((column) => last[column])) : position };
}

/**
 * Reads an embedded store's file as portable records, table by table in a stable order. The file
 * is brought to the current schema first, as a server starting on it would, and the search entries
 * still waiting are written: a feedback's record carries its words.
 */
export function sqliteSource(path: string): PortableSource & { close(): void } {
  const db = openDatabase(path);
  db.transaction(() => writeWaiting(db, Number.MAX_SAFE_INTEGER))();
  return {
    async count(set) {
      return db.query<{ n: number }, []>(`SELECT count(*) AS n FROM (${SETS[set].from})`).get()!.n;
    },
    async read(set, position, size) {
      const spec = SETS[set];
      const batch = readBatch(db, spec, position, size);
      return { set, records: batch.rows.map((row) => toRecord(spec, row)), position: batch.position };
    },
    close: () => db.close(),
  };
}

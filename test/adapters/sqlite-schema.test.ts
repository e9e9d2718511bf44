import { describe, expect, test } from "bun:test";
import { Database, type SQLQueryBindings } from "bun:sqlite";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DIGESTS_FILE, migratedDatabase, migrationDigests, schemaSql, storeSql } from "../../adapters/sqlite/dump-schema.ts";
import { MIGRATION_FILE, MIGRATIONS, MIGRATIONS_DIRECTORY, SCHEMA_FILE } from "../../adapters/sqlite/migrations.ts";
import { openDatabase } from "../../adapters/sqlite/open.ts";
import * as LIVE_TRIGGERS from "../../adapters/sqlite/schema/triggers.ts";
import { scratchDir } from "../support/scratch.ts";
import { storeBytesOfVersion } from "../support/sqlite-versions.ts";

/** The schema with each run of spaces and line breaks as one space: stores made by earlier releases indented their SQL otherwise. */
const folded = (schema: string) => schema.replace(/\s+/g, " ");

const AT = Date.UTC(2026, 10, 20);

/**
 * A little of everything, each row with the columns it had in every version: a store of version N
 * gets the columns its tables have. One organization and app; a feedback with a report that sent a
 * file, another merged into it.
 */
const SEED: readonly [table: string, rows: readonly Record<string, SQLQueryBindings>[]][] = [
  ["organizations", [{ id: "org-1", name: "Acme", key_prefix: "ACME", plan: "enterprise", next_seq: 3, number: 1 }]],
  ["users", [{ id: "user-1", email: "ann@example.com", name: "Ann" }]],
  ["memberships", [{ org_id: "org-1", user_id: "user-1", role: "admin" }]],
  ["apps", [{ id: "app-1", org_id: "org-1", name: "Web", kind: "web", number: 1 }]],
  ["channels", [{ id: "ch-1", org_id: "org-1", app_id: "app-1", kind: "widget", key: "pk_1", active: 1 }]],
  ["features", [{ id: "feat-1", org_id: "org-1", app_id: "app-1", name: "Checkout", path: "checkout" }]],
  [
    "feedbacks",
    [1, 2].map((n) => ({
      ref: n,
      id: `f-${n}`,
      org_id: "org-1",
      app_id: "app-1",
      org_number: 1,
      app_number: 1,
      key: `ACME-${n}`,
      title: "Checkout fails",
      kind: "problem",
      status: "triage",
      severity: n === 1 ? "P1" : null,
      feature_id: n === 1 ? "feat-1" : null,
      reports: 1,
      created_at: AT + n,
      last_activity_at: AT + n,
      merged_into: n === 2 ? "f-1" : null,
    })),
  ],
  [
    "reports",
    [1, 2].map((n) => ({
      id: `r-${n}`,
      feedback_id: "f-1",
      feedback_ref: 1,
      org_id: "org-1",
      app_id: "app-1",
      source: "widget",
      body: JSON.stringify({ kind: "problem", message: "Checkout fails", author: {}, ...(n === 1 ? { files: [{ id: "att-1" }] } : {}) }),
      language: "en",
      conversation: "[]",
      status_id: `s-${n}`,
      status_token_hash: "ab".repeat(32),
      at: AT + n,
    })),
  ],
  [
    "attachments",
    [{ id: "att-1", org_id: "org-1", feedback_id: "f-1", kind: "screenshot", storage_key: "k", content_type: "image/png", created_at: AT }],
  ],
  ["comments", [{ id: "c-1", feedback_id: "f-1", user_id: "user-1", text: "Looking", status_from: "triage", status_to: "triage", at: AT }]],
  ["followers", [{ feedback_id: "f-1", email: "bob@example.com", language: "en" }]],
  ["notifications", [{ feedback_id: "f-1", email: "bob@example.com", key: "created", at: AT }]],
  [
    "events",
    [
      { id: "e-1", org_id: "org-1", feedback_id: "f-1", type: "feedback.created", created_at: AT },
      { id: "e-2", org_id: "org-1", feedback_id: "f-1", type: "feedback.status_changed", previous_status: "triage", created_at: AT },
    ],
  ],
  ["webhooks", [{ id: "wh-1", org_id: "org-1", url: "https://hooks.example.com", events: "[]", secret_sealed: "s", created_at: AT }]],
  ["deliveries", [{ webhook_id: "wh-1", event_id: "e-1", run_at: AT }]],
  ["idempotency", [{ scope: "org-1", key: "k", fingerprint: "f", response: "{}", expires_at: AT }]],
  [
    "merges",
    [
      {
        id: "m-1",
        org_id: "org-1",
        app_id: "app-1",
        source_id: "f-2",
        target_id: "f-1",
        at: AT,
        report_ids: '["r-2"]',
        added_followers: "[]",
        target_before: "{}",
        target_after: "{}",
        search_rowids: "[]",
      },
    ],
  ],
  // Search before feedback_words (migration 18), and after.
  ["search", [{ rowid: 1, body: "ACME-1 Checkout fails" }]],
  ["search_docs", [{ rowid: 1, feedback_id: "f-1", kind: "feedback" }]],
  ["feedback_words", [{ doc: 1, feedback_id: "f-1", feedback_ref: 1, words: "acme-1 checkout fail" }]],
  ["search_vocabulary", [{ word: "checkout" }]],
  // Grouping, in each of its layouts.
  ["grouping_apps", [{ n: 1, app_id: "app-1" }]],
  ["grouping_docs", [{ n: 1, feedback_id: "f-1", feedback_ref: 1, app_id: "app-1", text: "checkout fails" }]],
  ["grouping_keys", [{ app_id: "app-1", key: "checkout", feedback_id: "f-1" }]],
  ["grouping_terms", [{ n: 1, app: 1, key: "checkout", df: 1 }]],
  ["grouping_postings", [{ app: 1, key: "checkout", doc: 1, term: 1 }]],
  ["grouping_df", [{ app_id: "app-1", app: 1, key: "checkout", n: 1 }]],
];

/** Writes the seed into the tables a store has, each row with the columns its table has. */
function seed(db: Database): void {
  for (const [table, rows] of SEED) {
    const columns = new Set(
      db
        .query<{ name: string }, [string]>("SELECT name FROM pragma_table_info(?)")
        .all(table)
        .map((c) => c.name),
    );
    if (!columns.size) continue;
    for (const row of rows) {
      const names = Object.keys(row).filter((name) => columns.has(name) || name === "rowid");
      db.query(`INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`).run(...names.map((name) => row[name]!));
    }
  }
}

/** A store file of version `version`, with some data. */
function storeOfVersion(version: number): string {
  const db = Database.deserialize(storeBytesOfVersion(version));
  db.exec(`PRAGMA user_version = ${version}`);
  seed(db);
  const path = join(scratchDir("schema"), "store.sqlite");
  writeFileSync(path, db.serialize());
  db.close();
  return path;
}

const migrated = migratedDatabase();
const freshSchema = schemaSql(migrated);
const freshStore = storeSql(migrated);
migrated.close();

describe("sqlite schema", () => {
  test("the migrations are the files of migrations/, numbered 1 to the last without a gap, each by its file's name", () => {
    const files = readdirSync(MIGRATIONS_DIRECTORY).sort();
    expect(files.filter((file) => !MIGRATION_FILE.test(file))).toEqual([]);
    expect(MIGRATIONS.map((m) => m.number)).toEqual(files.map((_, i) => i + 1));
    expect(MIGRATIONS.map((m) => `${String(m.number).padStart(3, "0")}-${m.name}`)).toEqual(files.map((file) => file.replace(/\.(sql|ts)$/, "")));
  });

  test("every migration, one after the other from an empty database, gives the schema and rows of schema.sql, at the version of the last", () => {
    expect(freshStore).toBe(readFileSync(SCHEMA_FILE, "utf8"));
    expect(freshStore).toContain(`PRAGMA user_version = ${MIGRATIONS.length};`);
  });

  test("a released migration runs the statements it ran: each one's are those recorded in migration-digests.json", () => {
    // A migration made from shared definitions (a live trigger, a row helper) must keep the text it had when one changes.
    expect(migrationDigests()).toEqual(JSON.parse(readFileSync(DIGESTS_FILE, "utf8")));
  });

  test("every trigger of the schema is written, as it stands, in schema/triggers.ts: none lives only in a migration", () => {
    const defined = folded(Object.values(LIVE_TRIGGERS).join("\n"));
    const triggers = [...freshSchema.matchAll(/CREATE TRIGGER (\w+)[\s\S]*?\bEND;/g)];
    expect(triggers.length).toBe(freshSchema.split("CREATE TRIGGER").length - 1);
    expect(triggers.filter(([statement]) => !defined.includes(folded(statement))).map(([, name]) => name)).toEqual([]);
  });

  test("a new store starts from schema.sql and is the store every migration makes", () => {
    const path = join(scratchDir("schema"), "new.sqlite");
    const db = openDatabase(path);
    try {
      expect(storeSql(db)).toBe(freshStore);
    } finally {
      db.close();
    }
  });

  test("upgrading past migration 51 computes revenues again: of two reports of one company at one moment, the one made last (the greater id) counts", () => {
    const path = storeOfVersion(50);
    const old = new Database(path);
    const body = (spend: number) =>
      JSON.stringify({ kind: "problem", message: "Checkout fails", author: { company: { id: "acme", name: "Acme", monthlySpend: spend } } });
    old.query("UPDATE reports SET body = ?, at = ? WHERE id = ?").run(body(100), AT, "r-1");
    old.query("UPDATE reports SET body = ?, at = ? WHERE id = ?").run(body(150), AT, "r-2");
    old.exec("UPDATE feedbacks SET revenue = 100 WHERE id = 'f-1'");
    old.close();
    const db = openDatabase(path);
    try {
      expect(db.query("SELECT revenue FROM feedbacks WHERE id = 'f-1'").get()).toEqual({ revenue: 150 });
    } finally {
      db.close();
    }
  });

  // Every version was the last of a commit that landed (git log -- adapters/sqlite/migrations.ts adapters/sqlite/migrations/).
  for (let version = 1; version < MIGRATIONS.length; version++) {
    test(`a store of version ${version}, with data, upgraded, has a fresh store's schema and keeps its feedbacks and reports`, () => {
      const db = openDatabase(storeOfVersion(version));
      try {
        expect(folded(schemaSql(db))).toBe(folded(freshSchema));
        expect(db.query("SELECT (SELECT count(*) FROM feedbacks) AS feedbacks, (SELECT count(*) FROM reports) AS reports").get()).toEqual({
          feedbacks: 2,
          reports: 2,
        });
      } finally {
        db.close();
      }
    });
  }
});

// Writes schema.sql, the schema a fresh store has once every migration ran: `bun adapters/sqlite/dump-schema.ts`.
// test/adapters/sqlite-schema.test.ts checks that a fresh store, and a store of each earlier version
// once upgraded, have that schema.
import { Database } from "bun:sqlite";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyMigration, MIGRATIONS, SCHEMA_FILE } from "./migrations.ts";

/** The digests of the statements each migration runs, written beside schema.sql. */
export const DIGESTS_FILE = join(import.meta.dir, "migration-digests.json");

const KINDS = ["table", "index", "trigger", "view"];

/**
 * The schema of a database as SQL: its version, then each table with its indexes and triggers,
 * tables by name. Left out: what SQLite makes by itself (its own tables, the indexes of UNIQUE and
 * PRIMARY KEY constraints, the shadow tables of full-text indexes).
 */
export function schemaSql(db: Database): string {
  const { user_version: version } = db.query<{ user_version: number }, []>("PRAGMA user_version").get()!;
  const objects = db
    .query<{ type: string; name: string; tbl_name: string; sql: string }, []>(
      `SELECT type, name, tbl_name, sql FROM sqlite_master
       WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')`,
    )
    .all()
    .sort((a, b) => a.tbl_name.localeCompare(b.tbl_name) || KINDS.indexOf(a.type) - KINDS.indexOf(b.type) || a.name.localeCompare(b.name));
  return [
    "-- The schema of a fresh SQLite store, written by `bun adapters/sqlite/dump-schema.ts`: never edited by hand,",
    '-- it changes with a new migration (README, "The SQLite schema and adding a migration").',
    `PRAGMA user_version = ${version};`,
    ...objects.map((o) => `${o.type === "table" ? "\n" : ""}${o.sql.trim()};`),
    "",
  ].join("\n");
}

/** What schema.sql holds: the schema, then the rows of the tables (a new store's are the few that migrations seed). */
export function storeSql(db: Database): string {
  return [schemaSql(db), ...rowsSql(db)].join("\n");
}

/** An empty database brought to the last version by every migration, one after the other. */
export function migratedDatabase(): Database {
  const db = new Database(":memory:", { strict: true });
  for (const migration of MIGRATIONS) applyMigration(db, migration);
  db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
  return db;
}

/** An INSERT per row of the ordinary tables, by table then row; values are integers, reals, text or NULL here. */
function rowsSql(db: Database): string[] {
  const tables = db
    .query<{ name: string }, []>(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  const quote = (value: unknown) => (value === null ? "NULL" : typeof value === "string" ? `'${value.replaceAll("'", "''")}'` : String(value));
  const inserts = tables.flatMap(({ name }) =>
    db
      .query<Record<string, unknown>, []>(`SELECT * FROM "${name}"`)
      .all()
      .map((row) => `INSERT INTO "${name}" (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(quote).join(", ")});`),
  );
  return inserts.length ? [...inserts, ""] : [];
}

/**
 * What each migration runs, by file: a digest of its SQL, comments and spacing aside. A migration
 * that runs JavaScript is run on the empty store of the version before it, and the SQL it gives
 * SQLite is digested. A migration built from shared definitions (the live triggers, the row and
 * search helpers) would change with them; the schema test compares these with the recorded ones.
 */
export function migrationDigests(): Record<string, string> {
  const db = new Database(":memory:", { strict: true });
  const digests = MIGRATIONS.map((m) => {
    const sql = typeof m.step === "string" ? m.step : sqlRunBy(m.step, db);
    if (typeof m.step === "string") applyMigration(db, m);
    return [`${String(m.number).padStart(3, "0")}-${m.name}`, digestOf(sql)];
  });
  db.close();
  return Object.fromEntries(digests);
}

const digestOf = (sql: string): string =>
  createHash("sha256")
    .update(
      sql
        .replace(/--[^\n]*/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .digest("hex")
    .slice(0, 16);

/**
 * Runs `step` on `db` and returns the SQL it gave SQLite, statement by statement: what it executed
 * and what it prepared. What its JavaScript does with the rows it reads is not in it (an empty
 * store has none to read).
 */
function sqlRunBy(step: (db: Database) => void, db: Database): string {
  const given: string[] = [];
  const recording = new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      if (!["exec", "run", "query", "prepare"].includes(String(property))) return value.bind(target);
      return (sql: string, ...rest: unknown[]) => {
        given.push(sql);
        return value.call(target, sql, ...rest);
      };
    },
  });
  step(recording);
  return given.join(";\n");
}

if (import.meta.main) {
  // A new migration's digest is added; a recorded one that changed is an edited history, refused.
  const recorded: Record<string, string> = existsSync(DIGESTS_FILE) ? JSON.parse(readFileSync(DIGESTS_FILE, "utf8")) : {};
  const digests = migrationDigests();
  const changed = Object.keys(recorded).filter((file) => recorded[file] !== digests[file]);
  if (changed.length > 0) {
    console.error(
      `released migrations would run other statements: ${changed.join(", ")}. Give each the text it had and change the schema in a new migration (one not yet released: remove its line from ${DIGESTS_FILE}).`,
    );
    process.exit(1);
  }
  const db = migratedDatabase();
  writeFileSync(SCHEMA_FILE, storeSql(db));
  db.close();
  writeFileSync(DIGESTS_FILE, `${JSON.stringify(digests, null, 2)}\n`);
  console.log(`wrote ${SCHEMA_FILE} and ${DIGESTS_FILE}`);
}

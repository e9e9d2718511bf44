// Writes schema.sql, the schema a fresh store has once every migration ran: `bun adapters/sqlite/dump-schema.ts`.
// test/adapters/sqlite-schema.test.ts checks that a fresh store, and a store of each earlier version
// once upgraded, have that schema.
import type { Database } from "bun:sqlite";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "./open.ts";

export const SCHEMA_FILE = join(import.meta.dir, "schema.sql");

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

if (import.meta.main) {
  const db = openDatabase(":memory:");
  writeFileSync(SCHEMA_FILE, schemaSql(db));
  db.close();
  console.log(`wrote ${SCHEMA_FILE}`);
}

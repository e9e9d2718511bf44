// Schema migrations, one file each in migrations/, applied in the order of their numbers at start;
// `PRAGMA user_version` records how far a database has come, as the number of the last one applied.
// Append only: a released migration is never edited (README, "The SQLite schema and adding a migration").
import type { Database } from "bun:sqlite";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** What a migration runs: SQL, or a function when it needs JavaScript (words are case-folded there, not in SQL). */
type MigrationStep = string | ((db: Database) => void);

interface Migration {
  /** From its file's name: the user_version of a store it was the last applied to. */
  readonly number: number;
  /** Its file's name without number and extension, e.g. "feedback-counts". */
  readonly name: string;
  readonly step: MigrationStep;
}

export const MIGRATIONS_DIRECTORY = join(import.meta.dir, "migrations");

/**
 * The schema (and seeded rows) that every migration gives an empty database, dumped by
 * dump-schema.ts. A new store starts from it in one step rather than replaying the history
 * (test/adapters/sqlite-schema.test.ts holds the two equal).
 */
export const SCHEMA_FILE = join(import.meta.dir, "schema.sql");

/**
 * A migration's file: `NNN-name.sql`, or `NNN-name.ts` whose default export is the SQL (made with
 * the live triggers of schema/) or a function.
 */
export const MIGRATION_FILE = /^(\d{3})-([a-z0-9]+(?:-[a-z0-9]+)*)\.(sql|ts)$/;

async function load(file: string): Promise<Migration> {
  const [, number, name, extension] = MIGRATION_FILE.exec(file)!;
  const path = join(MIGRATIONS_DIRECTORY, file);
  const step: MigrationStep = extension === "sql" ? readFileSync(path, "utf8") : (await import(path)).default;
  return { number: Number(number), name: name!, step };
}

/** Every migration, in the order of its number (the files' names sort so). */
export const MIGRATIONS: readonly Migration[] = await Promise.all(
  readdirSync(MIGRATIONS_DIRECTORY)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map(load),
);

export function applyMigration(db: Database, migration: Migration): void {
  if (typeof migration.step === "string") db.exec(migration.step);
  else migration.step(db);
}

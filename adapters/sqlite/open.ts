import { Database, type SQLQueryBindings, type Statement } from "bun:sqlite";
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { basename } from "node:path";
import { applyMigration, MIGRATIONS, SCHEMA_FILE } from "./migrations.ts";

/** Prepared statements kept per connection: every distinct statement the adapter runs, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A connection whose query() keeps its prepared statements. Bun's own cache holds 20, fewer than
 * one report runs (with the job worker's), and preparing a statement again costs about 15 µs.
 */
class Connection extends Database {
  readonly #statements = new Map<string, Statement<any, any>>();

  override query<ReturnType, ParamsType extends SQLQueryBindings | SQLQueryBindings[]>(
    sql: string,
  ): Statement<ReturnType, ParamsType extends any[] ? ParamsType : [ParamsType]> {
    let statement = this.#statements.get(sql);
    if (statement) return statement;
    statement = this.prepare(sql);
    this.#statements.set(sql, statement);
    // The SQL is the adapter's own text, so the set is bounded anyway; past the size, the first
    // prepared goes first. A hit reorders nothing: every statement of a report's path is one.
    if (this.#statements.size > STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    return statement;
  }
}

/**
 * WAL size (pages) at which a committing connection checkpoints by itself. With a background
 * checkpointer it is only a backstop: that thread copies pages as they come, and when it cannot
 * finish under a steady stream of commits, this lets a writer complete the copy (cheap, since
 * most pages are already there) so that the WAL starts over instead of growing.
 */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/**
 * A store file this process must not open, said in one line: its schema is newer than this
 * release's (opening it would write rows it does not know), it opens only for reading (SQLite
 * would refuse the first write of every request), it is no database or a damaged one (a restore cut
 * short, another file in its place), or it is a backup beside another store's WAL.
 */
export class StoreRefused extends Error {}

/**
 * What a backup's file carries in its header's application_id ("RtBk") until its first opening
 * clears it. A file with it has never been opened where it lies, so a WAL beside it can only be
 * another store's, left by a restore over old files: SQLite would replay it into the backup at
 * the first read, without a word, and can corrupt it.
 */
export const BACKUP_MARK = 0x5274426b;

/** SQLite's codes for a file that is not a database, or whose pages do not hold together. */
const UNREADABLE = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT"]);

export interface OpenOptions {
  /** A checkpointer thread runs (see checkpoint.ts), so commits leave it the work. */
  readonly backgroundCheckpoints?: boolean;
  /** Told before an existing store's schema is upgraded: at a million feedbacks, a migration can take seconds. */
  readonly onUpgrade?: (schema: { from: number; to: number }) => void;
  /** Told once that upgrade is committed, with how long it took, so that its end is seen as its start was. */
  readonly onUpgraded?: (schema: { from: number; to: number }, ms: number) => void;
}

/** Opens (creating if needed) a database file in WAL mode and brings its schema up to date. */
export function openDatabase(path: string, options: OpenOptions = {}): Database {
  const backup = unopenedBackup(path);
  const db = new Connection(path, { create: true, strict: true });
  try {
    prepare(db, options, backup);
  } catch (error) {
    db.close();
    if (!UNREADABLE.has((error as { code?: string }).code ?? "")) throw error;
    throw new StoreRefused(
      `the store at ${path} cannot be read (${(error as Error).message}): restore it from a backup (README, Backups and upgrades)`,
    );
  }
  return db;
}

/**
 * Whether the file at `path` is a backup never opened there; refused when a WAL that is not empty
 * lies beside it (whether SQLite would still replay its frames is not told by its size). The WAL is
 * looked at before the header: a process opening the same backup clears the mark before it writes a
 * WAL, so a WAL seen not empty then a header still marked is not that process's.
 */
function unopenedBackup(path: string): boolean {
  const walBytes = sizeOf(`${path}-wal`);
  if (applicationId(path) !== BACKUP_MARK) return false;
  if (walBytes > 0) {
    // The -shm goes with its WAL; named only where it is, since a person looks for each file named.
    const shm = existsSync(`${path}-shm`) ? ` and ${path}-shm` : "";
    throw new StoreRefused(
      `the store at ${path} is a backup, and the ${basename(path)}-wal beside it is another store's: opening it would replay that WAL into the backup and could corrupt it. Remove ${path}-wal${shm} (the backup holds all it needs), then start again`,
    );
  }
  return true;
}

const sizeOf = (path: string): number => (existsSync(path) ? statSync(path).size : 0);

/** The application_id of an SQLite file's header (bytes 68 to 71, big-endian), or 0 for a file too short to have one. */
function applicationId(path: string): number {
  if (sizeOf(path) < 72) return 0;
  const header = Buffer.alloc(72);
  const fd = openSync(path, "r");
  try {
    readSync(fd, header, 0, 72, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32BE(68);
}

/** Sets the connection up and brings the file's schema up to date. */
function prepare(db: Database, options: OpenOptions, backup: boolean): void {
  // Several server processes may share the file: wait for the writer instead of failing. First, so
  // that processes opening a new file together wait for each other's switch to WAL too.
  db.exec("PRAGMA busy_timeout = 5000");
  // Written into the file itself, in the backup's rollback mode: the mark is gone before this store has a WAL.
  if (backup) writeOrRefuse(db, "PRAGMA application_id = 0");
  db.exec("PRAGMA journal_mode = WAL");
  // NORMAL in WAL mode survives a process crash; only a power loss can lose the last commits.
  db.exec("PRAGMA synchronous = NORMAL");
  db.exec("PRAGMA foreign_keys = ON");
  // A 4 MB page cache: the operating system's file cache holds the rest. At a million feedbacks
  // searches, lists and counts took the same time as with 16 MB (p50 0.4 ms, p99 1.4 to 2.3 ms), and
  // the server's resident memory under load is 10 to 15 MB less (48 MB less than with 64 MB).
  db.exec("PRAGMA cache_size = -4096");
  db.exec("PRAGMA temp_store = MEMORY");
  if (options.backgroundCheckpoints) db.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const started = performance.now();
  const upgraded = migrate(db, options.onUpgrade);
  if (upgraded) options.onUpgraded?.(upgraded, Math.round(performance.now() - started));
}

/** Brings the schema up to date; returns the versions of an existing store it upgraded. */
function migrate(db: Database, onUpgrade: OpenOptions["onUpgrade"]): { from: number; to: number } | undefined {
  return db
    .transaction(() => {
      // Inside an immediate transaction, so two processes starting together migrate once.
      const { user_version: current } = db.query<{ user_version: number }, []>("PRAGMA user_version").get()!;
      // A file this process may not write to opens for reading alone, without a word: the service would start only to fail every write.
      writeOrRefuse(db, `PRAGMA user_version = ${current}`);
      // An older release would write rows without what later migrations added (an organization's number, …).
      if (current > MIGRATIONS.length)
        throw new StoreRefused(
          `the store at ${db.filename} was upgraded by a newer release of Retour (schema ${current}, this release knows ${MIGRATIONS.length}): run that release`,
        );
      if (current === 0 && isEmpty(db)) {
        // A new store: the last schema at once, faster than replaying every migration, which a test suite feels (README).
        db.exec(readFileSync(SCHEMA_FILE, "utf8"));
        return undefined;
      }
      const upgrade = current > 0 && current < MIGRATIONS.length ? { from: current, to: MIGRATIONS.length } : undefined;
      if (upgrade) onUpgrade?.(upgrade);
      // Numbered 1 to the last without a gap (test/adapters/sqlite-schema.test.ts): those after the store's version.
      for (const migration of MIGRATIONS.slice(current)) {
        applyMigration(db, migration);
        db.exec(`PRAGMA user_version = ${migration.number}`);
      }
      return upgrade;
    })
    .immediate();
}

/** Runs a statement that writes, refusing the store in one line when the file is read-only for this process. */
function writeOrRefuse(db: Database, sql: string): void {
  try {
    db.exec(sql);
  } catch (error) {
    // SQLITE_READONLY and its extended codes (a -shm file of another user, a read-only directory).
    if (!(error as { code?: string }).code?.startsWith("SQLITE_READONLY")) throw error;
    throw new StoreRefused(
      `the store at ${db.filename} is read-only for this process: give it (and its -wal and -shm files) to the user the service runs as`,
    );
  }
}

function isEmpty(db: Database): boolean {
  return db.query<{ n: number }, []>("SELECT count(*) AS n FROM sqlite_master").get()!.n === 0;
}

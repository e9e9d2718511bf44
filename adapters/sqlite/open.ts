import { Database } from "bun:sqlite";
import { MIGRATIONS } from "./migrations.ts";

/** Opens (creating if needed) a database file in WAL mode and brings its schema up to date. */
export function openDatabase(path: string): Database {
  const db = new Database(path, { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL");
  // NORMAL in WAL mode survives a process crash; only a power loss can lose the last commits.
  db.exec("PRAGMA synchronous = NORMAL");
  // Several server processes may share the file: wait for the writer instead of failing.
  db.exec("PRAGMA busy_timeout = 5000");
  db.exec("PRAGMA foreign_keys = ON");
  // A page cache that holds the hot indexes (64 MB), and temporary structures in memory.
  db.exec("PRAGMA cache_size = -65536");
  db.exec("PRAGMA temp_store = MEMORY");
  migrate(db);
  return db;
}

function migrate(db: Database): void {
  db.transaction(() => {
    // Inside an immediate transaction, so two processes starting together migrate once.
    const { user_version: current } = db.query<{ user_version: number }, []>("PRAGMA user_version").get()!;
    for (let version = current; version < MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    }
  }).immediate();
}

import { Database } from "bun:sqlite";

/**
 * Writes a copy of the store at `path` into the new file `into` (SQLite's VACUUM INTO): the store as
 * one read transaction sees it, so servers may go on writing meanwhile, and the copy is compact and
 * whole (no WAL beside it).
 */
export function backupDatabase(path: string, into: string): void {
  const db = new Database(path, { readonly: true });
  try {
    db.query("VACUUM INTO ?").run(into);
  } finally {
    db.close();
  }
}

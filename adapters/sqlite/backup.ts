import { Database } from "bun:sqlite";
import { renameSync } from "node:fs";
import { BACKUP_MARK } from "./open.ts";

/**
 * Writes a copy of the store at `path` into the new file `into` (SQLite's VACUUM INTO): the store as
 * one read transaction sees it, so servers may go on writing meanwhile, and the copy is compact and
 * whole (no WAL beside it), marked as a backup. It takes its name once whole: a copy cut short (the
 * process killed, the machine stopped) is left as `<into>.partial`, never as a store that a restore
 * would open, roll back to empty, and start on as if it were the backup.
 */
export function backupDatabase(path: string, into: string): void {
  const partial = `${into}.partial`;
  const db = new Database(path, { readonly: true });
  try {
    db.query("VACUUM INTO ?").run(partial);
  } finally {
    db.close();
  }
  // Marked as a backup until it is first opened where it is restored (see BACKUP_MARK). The copy
  // is in rollback mode, as VACUUM INTO writes it: the mark goes into the file, no WAL beside it.
  const copy = new Database(partial);
  try {
    copy.exec(`PRAGMA application_id = ${BACKUP_MARK}`);
  } finally {
    copy.close();
  }
  renameSync(partial, into);
}

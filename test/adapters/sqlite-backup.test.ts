import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase } from "../../adapters/sqlite/backup.ts";
import { BACKUP_MARK, openDatabase, StoreRefused } from "../../adapters/sqlite/open.ts";
import { newStoreFile } from "../support/new-store-file.ts";
import { scratchDir } from "../support/scratch.ts";

/** The application_id in an SQLite file's header. */
const applicationId = (path: string): number => Buffer.from(readFileSync(path).subarray(68, 72)).readUInt32BE(0);

/** A store holding one organization, backed up into a new directory, as `retour.sqlite` there. */
function backedUp(): string {
  const store = openDatabase(newStoreFile("backed-up"));
  store.exec("INSERT INTO organizations (id, name, key_prefix, plan) VALUES ('org-1', 'Kept', 'KEPT', 'free')");
  const into = join(scratchDir("backup"), "retour.sqlite");
  backupDatabase(store.filename, into);
  store.close();
  return into;
}

/** The WAL of another store, with frames in it, as a server killed mid-work leaves it. */
function strangerWal(): Uint8Array {
  const other = openDatabase(newStoreFile("other"));
  other.exec("PRAGMA wal_autocheckpoint = 0");
  other.exec("INSERT INTO organizations (id, name, key_prefix, plan) VALUES ('org-9', 'Other', 'OTHR', 'free')");
  const wal = readFileSync(`${other.filename}-wal`);
  other.close();
  expect(wal.length).toBeGreaterThan(0);
  return wal;
}

describe("a backup of the embedded store", () => {
  test("is marked as a backup until its first opening, which clears the mark", () => {
    const into = backedUp();
    expect(applicationId(into)).toBe(BACKUP_MARK);
    openDatabase(into).close();
    expect(applicationId(into)).toBe(0);
  });

  test("restored beside another store's WAL is refused at its opening, naming the files to remove, and that WAL is not replayed into it", () => {
    const into = backedUp();
    writeFileSync(`${into}-wal`, strangerWal());
    const before = readFileSync(into);
    expect(() => openDatabase(into)).toThrow(StoreRefused);
    expect(() => openDatabase(into)).toThrow(
      `the store at ${into} is a backup, and the retour.sqlite-wal beside it is another store's: opening it would replay that WAL into the backup and could corrupt it. Remove ${into}-wal (the backup holds all it needs), then start again`,
    );
    expect(Buffer.compare(readFileSync(into), before)).toBe(0);
    expect(existsSync(`${into}-wal`)).toBe(true);
    // With that WAL's -shm beside it too, the refusal names both.
    writeFileSync(`${into}-shm`, "");
    expect(() => openDatabase(into)).toThrow(`Remove ${into}-wal and ${into}-shm (the backup holds all it needs)`);
  });

  test("once opened where it is restored, its own WAL (a second process, or a crash) does not stop the next opening", () => {
    const into = backedUp();
    const first = openDatabase(into);
    first.exec("PRAGMA wal_autocheckpoint = 0");
    first.exec("UPDATE organizations SET name = 'Renamed'");
    // What a crash would leave: the WAL with its frames, beside the file the first opening unmarked.
    const crashed = join(scratchDir("crashed"), "retour.sqlite");
    copyFileSync(into, crashed);
    copyFileSync(`${into}-wal`, `${crashed}-wal`);
    const second = openDatabase(into);
    expect(second.query("SELECT name FROM organizations").get()).toEqual({ name: "Renamed" });
    second.close();
    first.close();
    const afterCrash = openDatabase(crashed);
    expect(afterCrash.query("SELECT name FROM organizations").get()).toEqual({ name: "Renamed" });
    afterCrash.close();
  });

  test("left as VACUUM INTO writes it, in rollback mode: marking it makes no WAL beside it", () => {
    const into = backedUp();
    expect(existsSync(`${into}-wal`)).toBe(false);
    const copy = new Database(into, { readonly: true });
    expect(copy.query("PRAGMA journal_mode").get()).toEqual({ journal_mode: "delete" });
    copy.close();
  });
});

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../adapters/sqlite/open.ts";
import { scratchDir } from "./scratch.ts";

/** The bytes of a store as its first start leaves it (the schema and its seeded rows): made once per test process. */
let empty: Uint8Array | undefined;

/**
 * A new file holding an empty store of the current schema, ready for `createSqliteStore`: a copy
 * of one made once, in memory, by the adapter's own opening. Writing the schema into each new
 * file costs about 12 ms of CPU, a copy 5 ms, which a suite opening a store per test feels.
 * Tests of what a first start does to a new file still give `createSqliteStore` a path of their own.
 */
export function newStoreFile(name = "store"): string {
  const path = join(scratchDir(name), "store.sqlite");
  writeEmptyStore(path);
  return path;
}

/** Writes an empty store of the current schema at `path`, as a first start would leave it (see newStoreFile). */
export function writeEmptyStore(path: string): void {
  if (!empty) {
    const db = openDatabase(":memory:");
    empty = db.serialize();
    db.close();
  }
  writeFileSync(path, empty);
}

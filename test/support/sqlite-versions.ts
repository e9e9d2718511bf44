import { Database } from "bun:sqlite";
import { applyMigration, MIGRATIONS } from "../../adapters/sqlite/migrations.ts";

/** The empty store of each version, as a release that ran only the first migrations left it. */
const schemas: Uint8Array[] = [];
let building: Database | undefined;

/**
 * The bytes of an empty store of `version` (1 to the number of migrations): made once per test
 * file, one migration after the other and in memory, where a file would sync each statement.
 */
export function storeBytesOfVersion(version: number): Uint8Array {
  building ??= new Database(":memory:");
  while (schemas.length < version) {
    applyMigration(building, MIGRATIONS[schemas.length]!);
    schemas.push(building.serialize());
  }
  return schemas[version - 1]!;
}

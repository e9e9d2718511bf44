import { existsSync } from "node:fs";
import { sqliteFile } from "../runtime/services.ts";
import { UsageError } from "./commands.ts";

/** The embedded store's file in DATA_DIR, for a command that reads one and must not make a new one. */
export function existingSqliteFile(dataDir: string): string {
  const file = sqliteFile(dataDir);
  if (!existsSync(file)) throw new UsageError(`no embedded store at ${file} (set DATA_DIR)`);
  return file;
}

import { existsSync, statSync } from "node:fs";
import { compactDatabase } from "../../adapters/sqlite/compact.ts";
import type { Config } from "../runtime/config.ts";
import { openingSqlite, sqliteFile } from "../runtime/services.ts";
import { UsageError } from "./commands.ts";
import { megabytes } from "./megabytes.ts";

/** `compact`: gives the embedded store's free pages back to the disk. */
export async function compact(config: Config, _options: unknown, out: (line: string) => void): Promise<void> {
  if (config.store !== "sqlite") throw new UsageError("compact rewrites the embedded store's file; MongoDB compacts its own (its compact command)");
  const file = sqliteFile(config.dataDir);
  if (!existsSync(file)) throw new UsageError(`no embedded store at ${file} (set DATA_DIR)`);
  // VACUUM reports no progress: say up front what to expect (about 10 s a GB here).
  out(`compacting ${file} (${megabytes(statSync(file).size)}); writes wait until it is done, about 10 s a GB`);
  const { before, after } = openingSqlite(() => compactDatabase(file));
  out(`compacted: ${megabytes(before)} → ${megabytes(after)}`);
}

import { statSync } from "node:fs";
import { compactDatabase } from "../../adapters/sqlite/compact.ts";
import { runningServers } from "../runtime/address.ts";
import type { Config } from "../runtime/config.ts";
import { openingSqlite } from "../runtime/services.ts";
import { existingSqliteFile } from "./existing-store.ts";
import { UsageError } from "./commands.ts";
import { megabytes } from "./megabytes.ts";

/** `compact`: gives the embedded store's free pages back to the disk. */
export async function compact(config: Config, _options: unknown, out: (line: string) => void): Promise<void> {
  if (config.store !== "sqlite") throw new UsageError("compact rewrites the embedded store's file; MongoDB compacts its own (its compact command)");
  const file = existingSqliteFile(config.dataDir);
  // A server's writes wait for the compaction's lock 5 s at most, then fail: on a store of a GB and more, requests would.
  const servers = runningServers(config.dataDir);
  if (servers.length > 0)
    throw new UsageError(
      `stop the servers on this DATA_DIR first (pid ${servers.join(", ")}): their writes would wait for the compaction, and fail after 5 s`,
    );
  // VACUUM reports no progress: say up front what to expect (about 10 s a GB here).
  out(`compacting ${file} (${megabytes(statSync(file).size)}); writes wait until it is done, about 10 s a GB`);
  const { before, after } = openingSqlite(() => compactDatabase(file));
  out(`compacted: ${megabytes(before)} → ${megabytes(after)}`);
}

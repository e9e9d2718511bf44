import { mongoTarget } from "../../adapters/mongodb/import.ts";
import { MongoUnavailable, openMongoDatabase } from "../../adapters/mongodb/store.ts";
import { sqliteSource } from "../../adapters/sqlite/export.ts";
import { migrateStore } from "../../core/upkeep/migrate-store.ts";
import type { Config } from "../runtime/config.ts";
import { ConfigError } from "../runtime/config.ts";
import { CommandFailed, UsageError } from "./commands.ts";
import { secretKeyFile } from "../runtime/secret-key.ts";
import { existingSqliteFile } from "./existing-store.ts";

/** `migrate --from sqlite --to mongodb`: copies the embedded store at DATA_DIR into MONGODB_URI, resumably. */
export async function migrate(config: Config, options: { from?: string; to?: string }, out: (line: string) => void): Promise<void> {
  if (options.from !== "sqlite" || options.to !== "mongodb") throw new UsageError("migrate copies --from sqlite --to mongodb");
  if (!config.mongodbUri) throw new UsageError("set MONGODB_URI to the MongoDB deployment to copy into");
  const file = existingSqliteFile(config.dataDir);
  const source = sqliteSource(file);
  let target: Awaited<ReturnType<typeof openMongoDatabase>>;
  try {
    target = await openMongoDatabase(config.mongodbUri);
  } catch (error) {
    if (error instanceof MongoUnavailable) throw new ConfigError(error.message);
    throw error;
  }
  try {
    const outcome = await migrateStore(source, mongoTarget(target.data), (p) =>
      out(`${p.set}: ${p.copied.toLocaleString("en")} / ${p.total.toLocaleString("en")}`),
    );
    if (outcome.changedSince.length > 0)
      throw new CommandFailed(
        `this database holds a copy finished before the store changed (${outcome.changedSince.join(", ")}): what was written since is not in it. To copy again, drop that database or name a new one in MONGODB_URI, then run migrate again`,
      );
    if (outcome.alreadyDone) out("this database already holds a completed copy; nothing to do");
    else {
      // The copied secrets are sealed with this process's key: every machine needs it.
      const key = config.secretKey ? "the same SECRET_KEY" : `SECRET_KEY=$(cat ${secretKeyFile(config.dataDir)})`;
      out(
        `copied${outcome.resumed ? " (resumed from the last checkpoint)" : ""}. Start the service on every machine with STORE=mongodb MONGODB_URI=… and ${key}`,
      );
    }
  } finally {
    source.close();
    await target.client.close();
  }
}

import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { backupDatabase } from "../../adapters/sqlite/backup.ts";
import type { Config } from "../runtime/config.ts";
import { CommandFailed, MissingArgument, UsageError } from "./commands.ts";
import { megabytes } from "./megabytes.ts";
import { whyUnwritable } from "./unwritable.ts";
import { secretKeyFile } from "../runtime/secret-key.ts";
import { sqliteFile } from "../runtime/services.ts";
import { existingSqliteFile } from "./existing-store.ts";

/**
 * `backup <dir>`: what DATA_DIR must hold to start again where the store was, written into a new
 * directory while the servers run: the store as one moment saw it, then the attachments (a file
 * no row names yet is harmless; a row whose file is missing is not, hence this order), and the
 * secret key unless it comes from SECRET_KEY.
 */
export async function backup(config: Config, options: { args: readonly string[] }, out: (line: string) => void): Promise<void> {
  if (config.store !== "sqlite")
    throw new UsageError("backup copies the embedded store; on MongoDB use mongodump, and copy DATA_DIR/attachments and the SECRET_KEY with it");
  const [target] = options.args;
  if (!target) throw new MissingArgument("missing <dir>: a new directory to write the backup into");
  const into = resolve(target);
  const given = existsSync(into);
  if (given && (!statSync(into).isDirectory() || readdirSync(into).length > 0))
    throw new UsageError(`${into} is not a new, empty directory: give one, so that no backup is mixed with another`);
  const file = existingSqliteFile(config.dataDir);
  // Without SECRET_KEY the key is DATA_DIR's file: a store whose key came from SECRET_KEY has none to copy.
  if (!config.secretKey && !existsSync(secretKeyFile(config.dataDir)))
    throw new UsageError(
      `${secretKeyFile(config.dataDir)} does not exist: this store's key comes from SECRET_KEY, which is not set; set it and run backup again`,
    );
  try {
    copyInto(config, file, into, out);
  } catch (error) {
    // A half-written backup must not pass for one; a directory given (a mount point, say) is emptied, not removed.
    let left = "nothing of it is left";
    try {
      if (given) for (const entry of readdirSync(into)) rmSync(join(into, entry), { recursive: true, force: true });
      else if (existsSync(into)) rmSync(into, { recursive: true, force: true });
    } catch {
      left = "what it wrote could not all be removed";
    }
    throw new CommandFailed(`backup failed, and ${left} at ${into}: ${whyUnwritable(error)}`);
  }
  out(`to restore: stop the servers, give DATA_DIR these files (and no retour.sqlite-wal or -shm), start`);
}

/** The store, then its attachments, then its key, readable by their owner alone: they hold what the store holds. */
function copyInto(config: Config, file: string, into: string, out: (line: string) => void): void {
  mkdirSync(into, { recursive: true });
  chmodSync(into, 0o700);
  const copy = sqliteFile(into);
  backupDatabase(file, copy);
  chmodSync(copy, 0o600);
  out(`store: ${copy} (${megabytes(statSync(copy).size)})`);
  const attachments = join(config.dataDir, "attachments");
  if (existsSync(attachments)) {
    cpSync(attachments, join(into, "attachments"), { recursive: true });
    out(`attachments: ${join(into, "attachments")}`);
  }
  if (config.secretKey) out("secret key: from SECRET_KEY, not copied; keep it with this backup, it opens the store's secrets");
  else {
    cpSync(secretKeyFile(config.dataDir), secretKeyFile(into));
    out(`secret key: ${secretKeyFile(into)} (it opens the store's secrets: keep the backup as private as the key)`);
  }
}

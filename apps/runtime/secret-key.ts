import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config.ts";

/** Where the key lives without SECRET_KEY: in DATA_DIR, beside the store (and in its backups). */
export const secretKeyFile = (dataDir: string): string => join(dataDir, "secret.key");

/**
 * The key that seals stored secrets. From SECRET_KEY (64 hex characters) when set — required when
 * several machines share a database; otherwise kept in DATA_DIR/secret.key, created on first start
 * with owner-only permissions.
 */
export function loadSecretKey(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) {
    if (!/^[0-9a-fA-F]{64}$/.test(configured)) throw new ConfigError("SECRET_KEY must be 64 hexadecimal characters (32 bytes)");
    return Uint8Array.from(Buffer.from(configured, "hex"));
  }
  const file = secretKeyFile(dataDir);
  if (!existsSync(file)) createKeyFile(file);
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    throw new ConfigError(
      `${file} cannot be read by this process (${(error as NodeJS.ErrnoException).code}): give it to the user the service runs as`,
    );
  }
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new ConfigError(`${file} is not a 64-hex-character key; restore it or set SECRET_KEY`);
  return Uint8Array.from(Buffer.from(text, "hex"));
}

/**
 * Writes a new key whole under a name of its own, then links it into place: of two processes starting
 * together on a new DATA_DIR (two containers may share a pid), one key wins and the other reads it,
 * never a half-written file. Where the file system has no hard links, the key is written in place,
 * created only if absent.
 */
function createKeyFile(file: string): void {
  const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex");
  const draft = `${file}.${crypto.randomUUID()}`;
  writeFileSync(draft, key, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS") writeOnce(file, key);
    else if (code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function writeOnce(file: string, key: string): void {
  try {
    writeFileSync(file, key, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "./config.ts";

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
  const file = join(dataDir, "secret.key");
  if (!existsSync(file)) writeFileSync(file, Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("hex"), { mode: 0o600, flag: "wx" });
  const text = readFileSync(file, "utf8").trim();
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new ConfigError(`${file} is not a 64-hex-character key; restore it or set SECRET_KEY`);
  return Uint8Array.from(Buffer.from(text, "hex"));
}

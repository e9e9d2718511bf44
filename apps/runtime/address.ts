import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.ts";

const FILE = "base-url";

/**
 * The server writes down the address it answers at, so that the CLI, which shares DATA_DIR,
 * writes links (tracker issues, e-mails) that lead to it even when started without BASE_URL or PORT.
 */
export const recordAddress = (dataDir: string, baseUrl: string): void => writeFileSync(join(dataDir, FILE), `${baseUrl}\n`);

/** BASE_URL when set; else the address the server last answered at; else http://localhost:PORT. */
export function serviceAddress(config: Config): string {
  if (config.baseUrl) return config.baseUrl;
  try {
    const recorded = readFileSync(join(config.dataDir, FILE), "utf8").trim();
    if (URL.canParse(recorded)) return recorded;
  } catch {
    // No server has run on this data directory yet.
  }
  return `http://localhost:${config.port}`;
}

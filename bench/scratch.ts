import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * A new directory in the system's temporary directory, `retour-<name>-…`, removed when the
 * benchmark exits: a store of a million feedbacks takes gigabytes, and each run seeds its own.
 */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `retour-${name}-`));
  made.push(dir);
  return dir;
}

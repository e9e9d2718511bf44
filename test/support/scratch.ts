import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

// Preloaded (bunfig.toml), this hook runs after the last test of the run, or of each file when
// files run in isolation: the suite leaves its stores behind no more.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new directory in the system's temporary directory, `retour-<name>-…`, removed once the tests have run. */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `retour-${name}-`));
  made.push(dir);
  return dir;
}

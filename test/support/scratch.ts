import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];
const endings: (() => Promise<void>)[] = [];

// Preloaded (bunfig.toml), this hook runs after the last test of the run, or of each file when
// files run in isolation: the suite leaves its stores behind no more.
afterAll(async () => {
  await Promise.all(endings.splice(0).map((end) => end()));
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new directory in the system's temporary directory, `retour-<name>-…`, removed once the tests have run. */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `retour-${name}-`));
  made.push(dir);
  return dir;
}

/**
 * Runs `end` once the tests of this process have run. A test process exits without Node's `exit`
 * event, on which Playwright would have removed its browser's profile directory: closing the
 * browser here removes it.
 */
export function atRunEnd(end: () => Promise<void>): void {
  endings.push(end);
}

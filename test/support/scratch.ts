import { afterAll } from "bun:test";
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];

// Preloaded (bunfig.toml), this hook runs after the last test of the run, or of each file when
// files run in isolation: the suite leaves its stores behind no more.
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Room the run's directories may take until it ends, with a margin: each new store is 0.8 MB, and they number in thousands. */
const MEMORY_NEEDED = 8 * 2 ** 30;

/**
 * Where the tests' directories go: the system's memory file system (/dev/shm) where it has room,
 * else its temporary directory. On a disk, a new SQLite store waits for two syncs (its switch to
 * WAL, then its WAL's first header), 30 to 60 ms on this machine's, most of a store contract
 * test's time; in memory a sync costs nothing. No test is about a power cut, the one thing a
 * sync guards against; a SIGKILL leaves the same files in both.
 */
function scratchRoot(): string {
  try {
    const shm = statfsSync("/dev/shm");
    if (shm.bavail * shm.bsize >= MEMORY_NEEDED) return "/dev/shm";
  } catch {
    // No /dev/shm (macOS): the temporary directory.
  }
  return tmpdir();
}

/** The directory the tests' scratch directories and the run's demo templates are made in (see scratchRoot). */
export const SCRATCH_ROOT = scratchRoot();

/** A new directory under SCRATCH_ROOT, `retour-<name>-…`, removed once the tests have run. */
export function scratchDir(name: string): string {
  const dir = mkdtempSync(join(SCRATCH_ROOT, `retour-${name}-`));
  made.push(dir);
  return dir;
}

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.ts";

/** One file per server process that has answered on this data directory, named by its pid. */
const SERVERS = "servers";

interface Recorded {
  readonly pid: number;
  readonly url: string;
  readonly since: number;
  /** When the server stopped, written as it stops, so that a later process given its pid is not taken for it; null while it runs (or if it was killed). */
  readonly stopped: number | null;
}

/** Whether a process runs: signal 0 tests without sending (EPERM: it runs as another user). */
const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * The server writes down the address it answers at, so that the CLI, which shares DATA_DIR,
 * writes links (tracker issues, e-mails) that lead to it even when started without BASE_URL or PORT.
 * Each server has its own record, so that a second one started on another port for a while does
 * not leave the CLI's links pointing at it once it stops; records of servers gone are pruned.
 */
export function recordAddress(dataDir: string, baseUrl: string, pid = process.pid, isRunning = running, now = Date.now): { stopped(): void } {
  const directory = join(dataDir, SERVERS);
  mkdirSync(directory, { recursive: true });
  // Stopped servers but the one that ran longest, whose address the CLI falls back to.
  const stopped = records(dataDir).filter((r) => r.stopped !== null || !isRunning(r.pid));
  for (const gone of stopped.sort(byLongestRun).slice(1)) rmSync(join(directory, String(gone.pid)), { force: true });
  const file = join(directory, String(pid));
  const since = now();
  writeFileSync(file, JSON.stringify({ url: baseUrl, since }));
  return { stopped: () => writeFileSync(file, JSON.stringify({ url: baseUrl, since, stopped: now() })) };
}

/** The pids of the servers running on this data directory, by their records. */
export const runningServers = (dataDir: string, isRunning = running): number[] =>
  records(dataDir)
    .filter((r) => r.stopped === null && r.pid !== process.pid && isRunning(r.pid))
    .map((r) => r.pid);

/** The server that ran longest first; one killed, which left no time of stopping, ran for none that we know of; among equals, the last started. */
const byLongestRun = (a: Recorded, b: Recorded): number => (b.stopped ?? b.since) - b.since - ((a.stopped ?? a.since) - a.since) || b.since - a.since;

/**
 * BASE_URL when set; else the address of the server that has run longest among those running on
 * this data directory; else of the one that ran longest (a server started for a while beside the
 * usual one is not where links should lead); else http://localhost:PORT.
 */
export function serviceAddress(config: Config, isRunning = running): string {
  if (config.baseUrl) return config.baseUrl;
  const known = records(config.dataDir);
  const oldestRunning = known.filter((r) => r.stopped === null && isRunning(r.pid)).sort((a, b) => a.since - b.since)[0];
  const ranLongest = known.filter((r) => r.stopped !== null || !isRunning(r.pid)).sort(byLongestRun)[0];
  return (oldestRunning ?? ranLongest)?.url ?? `http://localhost:${config.port}`;
}

function records(dataDir: string): Recorded[] {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, SERVERS));
  } catch {
    return []; // No server has run on this data directory yet.
  }
  return files.flatMap((file) => {
    try {
      const { url, since, stopped } = JSON.parse(readFileSync(join(dataDir, SERVERS, file), "utf8"));
      return /^\d+$/.test(file) && URL.canParse(url) && Number.isFinite(since)
        ? [{ pid: Number(file), url, since, stopped: Number.isFinite(stopped) ? stopped : null }]
        : [];
    } catch {
      return []; // Being written, or not ours.
    }
  });
}

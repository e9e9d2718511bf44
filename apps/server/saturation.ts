/** The shortest span the thread's CPU time is averaged over. */
const WINDOW_MS = 50;
/** The share of one core, over that span, at which the server's one thread counts as full. */
const FULL = 0.9;

/**
 * Whether requests are waiting for a thread that has no time to spare: requests are in flight and
 * the thread that serves them (the main thread: HTTP, the application, SQLite, and the jobs
 * themselves) spent at least nine tenths of the time since the last sample on the CPU. A server
 * whose requests wait on I/O (a commit, a slow client) is busy but not saturated, and its jobs go
 * on as before. The process's other threads (WAL checkpoints, the garbage collector's helpers) do
 * not count: they leave the thread its time.
 *
 * Sampled when asked, at most every 50 ms, over the whole time since the previous sample: the
 * worker asks before each job, and five times a second when idle. It answers "not saturated" until
 * its first sample, 50 ms after it is made.
 */
export function requestsSaturate(
  inFlight: () => number,
  cpu: () => NodeJS.CpuUsage = () => process.threadCpuUsage(),
  now: () => number = () => performance.now(),
): () => boolean {
  let from = { at: now(), used: cpu() };
  let saturated = false;
  return () => {
    const at = now();
    if (at - from.at >= WINDOW_MS) {
      const used = cpu();
      const microseconds = used.user + used.system - from.used.user - from.used.system;
      saturated = microseconds / 1000 / (at - from.at) >= FULL;
      from = { at, used };
    }
    return saturated && inFlight() > 0;
  };
}

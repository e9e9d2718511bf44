import type { Services } from "../../core/services.ts";
import { JOB_LEASE_MS, runNextJob, runServiceJob } from "../../core/jobs/run-next-job.ts";
import { renewLease } from "../../core/jobs/renew-lease.ts";
import { deliverNext } from "../../core/webhooks/deliver-next.ts";
import { releaseMemory } from "../../core/upkeep/release-memory.ts";
import { catchUpSearch } from "../../core/upkeep/catch-up-search.ts";
import { queueDigests } from "../../core/team/queue-digests.ts";
import type { Logger } from "../../adapters/logging/logger.ts";
import type { Job } from "../../core/store/jobs.ts";

/** Deliveries wait on the network: several go at once. */
const DELIVERY_CONCURRENCY = 8;
/** Jobs at once: their writes share commits (write-batch.ts), and a job waiting on a tracker or mail server does not hold up grouping. */
const JOB_CONCURRENCY = 4;
const IDLE_POLL_MS = 200;
/** How often a running job's lease is renewed: well within the lease, so that a renewal delayed by a busy thread still comes in time. */
const LEASE_RENEWAL_MS = JOB_LEASE_MS / 4;
/**
 * While requests saturate the server's thread, a job loop waits for them, this long at most, before
 * it takes its next job: a burst of reports keeps the thread (grouping is background work, and
 * catches up once the burst is over), and the jobs still advance, four a second.
 */
const GIVE_WAY_MS = 1_000;
/** How often a job loop that gives way looks again (the saturation is sampled every 50 ms at most). */
const GIVE_WAY_POLL_MS = 25;
/**
 * After this long without a job, the server hands back what the last burst of work made its caches
 * and heap grow to: resident memory returns near idle after load (about 30 MB measured).
 */
const QUIET_MS = 10_000;
/**
 * Search entries written per turn of the search loop: under 2 ms of the thread where an entry costs
 * 27 µs, 6 ms on a machine where it costs 95 (bench/RESULTS.md, 27 November), a grouping job's time,
 * so that requests arriving meanwhile wait no longer. 250 at once held every waiting request 24 ms
 * on the slower machine: the reports' p99 under load doubled (84 to 90 ms, against 39 to 43 ms) and
 * their rate fell by a tenth.
 */
const SEARCH_ENTRIES_AT_ONCE = 64;
/** How often the worker looks whether the day's digests are due (each is queued once a day, by one server). */
const DIGEST_CHECK_MS = 5 * 60_000;

/**
 * The loops of one queue, once they find it empty, wait together: one of them looks again every
 * IDLE_POLL_MS, and the others wait until a loop takes work. An idle server asks its store 10
 * times a second, where each of its twelve loops asked 5 times a second: 60 queries a second per
 * server process, on a MongoDB shared by several.
 * Each wait is one of `sleepers`, which a stopping worker wakes; once it is stopping, none begins.
 */
function idleTogether(sleepers: Set<() => void>, stopping: () => boolean) {
  let looking = false;
  const waiting = new Set<() => void>();
  const park = (ms: number | null) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        waiting.delete(wake);
        resolve();
      };
      const timer = ms === null ? undefined : setTimeout(wake, ms);
      sleepers.add(wake);
      if (ms === null) waiting.add(wake);
    });
  return {
    /** This loop found its queue empty: it waits until it should look again. */
    async idle(): Promise<void> {
      if (stopping()) return;
      if (looking) return park(null);
      looking = true;
      await park(IDLE_POLL_MS);
      looking = false;
    },
    /** This loop found work: the others look too. */
    found(): void {
      for (const wake of waiting) wake();
    },
  };
}

/**
 * Runs a job's `work` holding its lease, renewed every `everyMs` until the work ends: a job that
 * waits on a slow mail or tracker server is not taken up by another loop meanwhile (which would
 * send its message twice). A crash stops the renewals, and the lease runs out as before. A lease
 * found lost (it ran out while the worker was stalled, and another worker took the job, which may
 * then run twice) is said once and renewed no more; a renewal that answers once the work has ended
 * says nothing. A renewal still waiting for the store when the next is due stands for it.
 */
export async function holdingLease<T>(
  services: Pick<Services, "store" | "clock">,
  logger: Logger,
  job: Job,
  work: () => Promise<T>,
  everyMs: number,
): Promise<T> {
  let state: "held" | "lost" | "ended" = "held";
  // One renewal at a time: a store slower than the interval would otherwise be asked again and again.
  let asking = false;
  const renew = async (): Promise<void> => {
    if (state !== "held" || asking) return;
    asking = true;
    const kept = await renewLease(services, job)
      .catch((error) => {
        if (state === "held") logger.error({ err: error, job: job.id }, "job lease not renewed");
        return true;
      })
      .finally(() => {
        asking = false;
      });
    if (kept || state !== "held") return;
    state = "lost";
    logger.warn({ job: job.id, kind: job.request.kind }, "job lease lost: another worker has taken the job, which may run twice");
  };
  const renewal = setInterval(renew, everyMs);
  try {
    return await work();
  } finally {
    state = "ended";
    clearInterval(renewal);
  }
}

/**
 * Runs background jobs and webhook deliveries from their durable queues. Each is leased, so a
 * crashed worker's work is taken up again once its lease runs out, and two workers never hold the same.
 */
export function startWorker(
  services: Services,
  logger: Logger,
  options: {
    quietMs?: number;
    giveWayMs?: number;
    leaseRenewalMs?: number;
    requestsSaturate?: () => boolean;
    /** Logs an error saying the store cannot write, with the requests' refusals (store-refusals.ts); says whether it did. */
    storeRefused?: (error: unknown) => boolean;
  } = {},
) {
  const { quietMs = QUIET_MS, giveWayMs = GIVE_WAY_MS, leaseRenewalMs = LEASE_RENEWAL_MS, requestsSaturate = () => false } = options;
  const { storeRefused = () => false } = options;
  // A store that cannot write fails every loop alike: said with the requests' refusals, not a stack each time.
  const failed = (error: unknown, line: string, fields: object = {}): void => {
    if (!storeRefused(error)) logger.error({ ...fields, err: error }, line);
  };
  let stopping = false;
  const sleepers = new Set<() => void>();
  const jobsIdle = idleTogether(sleepers, () => stopping);
  const deliveriesIdle = idleTogether(sleepers, () => stopping);
  const runJob = runServiceJob(services);
  const run: typeof runJob = (job) => {
    jobsIdle.found();
    return holdingLease(services, logger, job, () => runJob(job), leaseRenewalMs);
  };

  let lastWork: number | null = null;
  const releaseMemoryWhenQuiet = async () => {
    if (lastWork === null || Date.now() - lastWork < quietMs) return;
    lastWork = null;
    await releaseMemory(services);
    Bun.gc(true);
  };

  const giveWayToRequests = async () => {
    const until = Date.now() + giveWayMs;
    while (!stopping && requestsSaturate() && Date.now() < until) await Bun.sleep(GIVE_WAY_POLL_MS);
  };

  const jobLoop = async () => {
    while (!stopping) {
      await giveWayToRequests();
      const ran = await runNextJob(services, run).catch((error) => {
        failed(error, "job queue unavailable");
        return { state: "idle" } as const;
      });
      if (ran.state === "retry" && !storeRefused(ran.error))
        logger.warn({ job: ran.job.request.kind, attempts: ran.job.attempts, err: ran.error }, "job failed, will retry");
      if (ran.state === "given_up")
        logger.error(
          { job: ran.job.id, kind: ran.job.request.kind, attempts: ran.job.attempts, err: ran.error },
          "job failed at its last attempt and is given up",
        );
      if (ran.state !== "idle") {
        lastWork = Date.now();
        continue;
      }
      // A loop that left now would leave the others parked, with none of them looking.
      await releaseMemoryWhenQuiet().catch((error) => logger.error({ err: error }, "memory not released after the last burst of work"));
      await jobsIdle.idle();
    }
  };
  const jobLoops = Array.from({ length: JOB_CONCURRENCY }, jobLoop);

  // The search entries a burst of reports left waiting (a store may write them after the report's
  // answer): written once requests leave the thread time, as jobs are. Searches write those they need first.
  const searchIdle = idleTogether(sleepers, () => stopping);
  const searchLoop = async () => {
    while (!stopping) {
      await giveWayToRequests();
      const written = await catchUpSearch(services, SEARCH_ENTRIES_AT_ONCE).catch((error) => {
        failed(error, "search entries not written; will try again");
        return 0;
      });
      if (written > 0) lastWork = Date.now();
      else await searchIdle.idle();
    }
  };
  const search = searchLoop();

  const deliveryLoop = async () => {
    while (!stopping) {
      const claimed = await deliverNext(services, services.webhooks).catch((error) => {
        failed(error, "delivery queue unavailable");
        return null;
      });
      if (!claimed) {
        await deliveriesIdle.idle();
        continue;
      }
      deliveriesIdle.found();
      const { delivery } = claimed;
      const delivered = await claimed.delivered.catch((error) => {
        failed(error, "delivery failed unexpectedly; its lease will expire and it will be retried", { delivery: delivery.id });
        return null;
      });
      if (delivered && delivered.next.state !== "done") {
        const { result, next } = delivered;
        // The webhook's URL stays out of the log: it may carry a token in its path or query.
        logger.warn(
          {
            delivery: delivery.id,
            webhook: delivery.webhook.id,
            event: delivery.event.type,
            attempt: delivery.attempt,
            error: result.error,
            next: next.state,
          },
          "webhook delivery failed",
        );
      }
    }
  };
  const deliveryLoops = Array.from({ length: DELIVERY_CONCURRENCY }, deliveryLoop);

  const digestLoop = async () => {
    while (!stopping) {
      await queueDigests(services).catch((error) => failed(error, "daily digests not queued; will try again"));
      // Told to stop while queueing: no one would wake a sleep begun now, and it lasts minutes.
      if (stopping) return;
      await new Promise<void>((resolve) => {
        // Cleared when woken: a stopping worker leaves no timer behind.
        const timer = setTimeout(() => wake(), DIGEST_CHECK_MS);
        const wake = () => {
          clearTimeout(timer);
          sleepers.delete(wake);
          resolve();
        };
        sleepers.add(wake);
      });
    }
  };
  const digests = digestLoop();

  return {
    /** Lets the current jobs and deliveries finish, then stops. */
    async stop(): Promise<void> {
      stopping = true;
      for (const wake of sleepers) wake();
      await Promise.all([...jobLoops, ...deliveryLoops, digests, search]);
    },
  };
}

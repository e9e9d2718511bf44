import type { Job } from "../../core/store.ts";
import type { Services } from "../../core/services.ts";
import { runJob } from "../../core/use-cases/run-job.ts";
import { deliver } from "../../core/webhooks/deliver.ts";
import type { Logger } from "../../adapters/logging/logger.ts";

const LEASE_MS = 60_000;
/** A delivery's lease outlasts its 10-second timeout with room to record the result. */
const DELIVERY_LEASE_MS = 30_000;
/** Deliveries wait on the network: several go at once. */
const DELIVERY_CONCURRENCY = 8;
const IDLE_POLL_MS = 200;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Retry delays grow with the square of the attempts: 5 s, 20 s, 45 s, … up to an hour. */
const backoff = (attempts: number): number => Math.min(MAX_BACKOFF_MS, attempts * attempts * 5_000);

/**
 * Runs background jobs and webhook deliveries from their durable queues. Each job is leased, so a crashed worker's job is
 * taken up again once its lease runs out, and two workers never hold the same job.
 */
export function startWorker(services: Services, logger: Logger) {
  let stopping = false;
  let wake: (() => void) | null = null;

  async function runOne(job: Job): Promise<void> {
    try {
      await runJob(services, job.request);
      await services.store.completeJob(job);
    } catch (error) {
      logger.warn({ job: job.request.kind, attempts: job.attempts, err: error }, "job failed, will retry");
      await services.store.retryJob(job, services.clock() + backoff(job.attempts), String(error));
    }
  }

  const loop = (async () => {
    while (!stopping) {
      const job = await services.store.claimJob(services.clock(), LEASE_MS, services.ids.secret()).catch((error) => {
        logger.error({ err: error }, "job queue unavailable");
        return null;
      });
      if (job) {
        await runOne(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, IDLE_POLL_MS);
      });
    }
  })();

  const deliveryLoop = async () => {
    while (!stopping) {
      const claimed = await services.store.claimDelivery(services.clock(), DELIVERY_LEASE_MS, services.ids.secret()).catch((error) => {
        logger.error({ err: error }, "delivery queue unavailable");
        return null;
      });
      if (!claimed) {
        await Bun.sleep(IDLE_POLL_MS);
        continue;
      }
      const next = await deliver(services, services.webhooks, claimed).catch((error) => {
        logger.error({ err: error, delivery: claimed.id }, "delivery failed unexpectedly; its lease will expire and it will be retried");
        return null;
      });
      if (next && next.state !== "done") logger.warn({ delivery: claimed.id, attempt: claimed.attempt, next: next.state }, "webhook delivery failed");
    }
  };
  const deliveryLoops = Array.from({ length: DELIVERY_CONCURRENCY }, deliveryLoop);

  return {
    /** Lets the current jobs and deliveries finish, then stops. */
    async stop(): Promise<void> {
      stopping = true;
      wake?.();
      await Promise.all([loop, ...deliveryLoops]);
    },
  };
}

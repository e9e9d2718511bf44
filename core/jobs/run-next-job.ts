import type { Clock, Ids } from "../ports.ts";
import type { Job, JobQueue } from "../store/jobs.ts";
import { type RunJobDeps, runJob } from "./run-job.ts";

/** A job's lease: a worker that dies holding it lets another take the job up once it runs out. */
export const JOB_LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * The attempts a job has before it is given up: with the delays below, about a day (a mail server
 * or tracker down that long is an operator's to see, in the log, not the queue's to try forever).
 */
export const MAX_JOB_ATTEMPTS = 42;

/** Retry delays grow with the square of the attempts: 5 s, 20 s, 45 s, … up to an hour. */
export const backoff = (attempts: number): number => Math.min(MAX_BACKOFF_MS, attempts * attempts * 5_000);

type JobRun =
  | { readonly state: "idle" }
  | { readonly state: "done"; readonly job: Job }
  | { readonly state: "retry"; readonly job: Job; readonly error: unknown }
  | { readonly state: "given_up"; readonly job: Job; readonly error: unknown };

/**
 * Takes the next due job from the durable queue, runs it and records the outcome: done, or again
 * later with a growing delay, or, failed at its last attempt, given up. Two workers never hold the same job.
 */
export async function runNextJob(
  deps: { store: Pick<JobQueue, "claimJob" | "completeJob" | "retryJob">; clock: Clock; ids: Pick<Ids, "secret"> },
  run: (job: Job) => Promise<void>,
): Promise<JobRun> {
  const job = await deps.store.claimJob(deps.clock(), JOB_LEASE_MS, deps.ids.secret());
  if (!job) return { state: "idle" };
  try {
    await run(job);
    await deps.store.completeJob(job);
    return { state: "done", job };
  } catch (error) {
    if (job.attempts >= MAX_JOB_ATTEMPTS) {
      await deps.store.completeJob(job);
      return { state: "given_up", job, error };
    }
    await deps.store.retryJob(job, deps.clock() + backoff(job.attempts), String(error));
    return { state: "retry", job, error };
  }
}

/** The service's own jobs: grouping, notifications, tracker syncs. */
export const runServiceJob = (services: RunJobDeps) => (job: Job) => runJob(services, job.request);

import type { JobRequest } from "../feedback/events.ts";

export interface Job {
  readonly id: string;
  readonly request: JobRequest;
  readonly attempts: number;
  /** Proves the lease: completing or retrying with a stale lease does nothing. */
  readonly leaseToken: string;
}

/** The durable queue of background work, leased to one worker at a time. */
export interface JobQueue {
  /** Queues one job on its own, due at `runAt` (jobs that follow a state change are queued with it instead). */
  queueJob(request: JobRequest, runAt: number): Promise<void>;
  /**
   * Makes the queued jobs that are `request` (kind, organization, feedback, detail) due at `runAt`,
   * those due later only: a job queued to wait for the end of what queued it (a bulk change) runs
   * once that is done, and at its own time only if it never is (a crash).
   */
  hastenJob(request: JobRequest, runAt: number): Promise<void>;
  claimJob(now: number, leaseMs: number, leaseToken: string): Promise<Job | null>;
  /** Extends a lease still held until `until`, while its job runs; false when the lease was lost (it ran out and another worker took the job). */
  renewJob(job: Job, until: number): Promise<boolean>;
  completeJob(job: Job): Promise<void>;
  retryJob(job: Job, runAt: number, error: string): Promise<void>;
}

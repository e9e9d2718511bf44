import type { Clock } from "../ports.ts";
import type { Job, JobQueue } from "../store/jobs.ts";
import { JOB_LEASE_MS } from "./run-next-job.ts";

/** Extends a running job's lease by a whole lease from now; false when the lease was lost (it ran out, and another worker took the job). */
export const renewLease = (deps: { readonly store: Pick<JobQueue, "renewJob">; readonly clock: Clock }, job: Job): Promise<boolean> =>
  deps.store.renewJob(job, deps.clock() + JOB_LEASE_MS);

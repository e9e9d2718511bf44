import type { JobQueue } from "../../core/store/jobs.ts";
import type { Database } from "./database.ts";
import { insertJobs } from "./outbox.ts";

export function jobQueue(data: Database): JobQueue {
  const jobs = () => data.collection("jobs");
  return {
    async queueJob(request, runAt) {
      await insertJobs(data, [request], runAt);
    },

    async hastenJob(request, runAt) {
      const { kind, orgId, feedbackId, detail } = request;
      await jobs().updateMany({ kind, orgId, feedbackId, detail: detail ?? { $exists: false }, runAt: { $gt: runAt } }, { $set: { runAt } });
    },

    async claimJob(now, leaseMs, leaseToken) {
      // One findOneAndUpdate: the due job is picked and leased atomically, so two workers never share it.
      const job = await jobs().findOneAndUpdate(
        { runAt: { $lte: now }, leaseUntil: { $lte: now } },
        { $set: { leaseToken, leaseUntil: now + leaseMs }, $inc: { attempts: 1 } },
        { sort: { runAt: 1, _id: 1 }, returnDocument: "after" },
      );
      if (!job) return null;
      const request = { kind: job.kind, orgId: job.orgId, feedbackId: job.feedbackId, ...(typeof job.detail === "string" && { detail: job.detail }) };
      return { id: String(job._id), request, attempts: job.attempts, leaseToken };
    },

    async renewJob(job, until) {
      return (await jobs().updateOne({ _id: job.id, leaseToken: job.leaseToken }, { $set: { leaseUntil: until } })).matchedCount > 0;
    },

    async completeJob(job) {
      await jobs().deleteOne({ _id: job.id, leaseToken: job.leaseToken });
    },

    async retryJob(job, runAt, error) {
      await jobs().updateOne(
        { _id: job.id, leaseToken: job.leaseToken },
        { $set: { runAt, leaseToken: null, leaseUntil: 0, lastError: error.slice(0, 2000) } },
      );
    },
  };
}

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { backoff, JOB_LEASE_MS, MAX_JOB_ATTEMPTS, runNextJob } from "../../core/jobs/run-next-job.ts";
import type { Job } from "../../core/store/jobs.ts";
import { NOW } from "./fake-organization.ts";

/** A queue of one job, recording what the use case does with it. */
function queue(job: Job | null) {
  const seen: string[] = [];
  return {
    seen,
    deps: {
      clock: () => NOW,
      ids: { secret: () => "lease" },
      store: {
        claimJob: async (now: number, leaseMs: number, lease: string) => {
          seen.push(`claim ${now} ${leaseMs} ${lease}`);
          return job;
        },
        completeJob: async () => void seen.push("complete"),
        retryJob: async (_: Job, runAt: number, error: string) => void seen.push(`retry at +${runAt - NOW} ms: ${error}`),
      },
    },
  };
}

const JOB = { id: "j1", attempts: 3, request: { kind: "group", feedbackId: "f1" } } as unknown as Job;

describe("runNextJob", () => {
  test("nothing due: idle, and nothing run", async () => {
    const q = queue(null);
    const ran: string[] = [];
    assert.deepEqual(await runNextJob(q.deps, async () => void ran.push("ran")), { state: "idle" });
    assert.deepEqual(ran, []);
  });

  test("a job that runs is leased, then completed", async () => {
    const q = queue(JOB);
    assert.equal((await runNextJob(q.deps, async () => {})).state, "done");
    assert.deepEqual(q.seen, [`claim ${NOW} ${JOB_LEASE_MS} lease`, "complete"]);
  });

  test("a job that fails comes back later, after a delay growing with the square of its attempts", async () => {
    const q = queue(JOB);
    const ran = await runNextJob(q.deps, async () => {
      throw new Error("grouper down");
    });
    assert.equal(ran.state, "retry");
    assert.deepEqual(q.seen.slice(1), [`retry at +${backoff(3)} ms: Error: grouper down`]);
    assert.deepEqual([backoff(1), backoff(2), backoff(3), backoff(1000)], [5_000, 20_000, 45_000, 3_600_000]);
  });

  test("a job that fails at its last attempt is given up, not retried: about a day of retries", async () => {
    const q = queue({ ...JOB, attempts: MAX_JOB_ATTEMPTS });
    const ran = await runNextJob(q.deps, async () => {
      throw new Error("550 No such user");
    });
    assert.equal(ran.state, "given_up");
    assert.deepEqual(q.seen.slice(1), ["complete"]);
    let waited = 0;
    for (let attempts = 1; attempts < MAX_JOB_ATTEMPTS; attempts++) waited += backoff(attempts);
    assert.ok(waited > 18 * 3_600_000 && waited < 30 * 3_600_000, `${waited / 3_600_000} hours`);
  });
});

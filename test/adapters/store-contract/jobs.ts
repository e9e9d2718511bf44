import { describe, expect, test } from "bun:test";
import type { JobQueue } from "../../../core/store/jobs.ts";
import { contractKit, type Seeding } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = JobQueue & Seeding;

/** The job queue: leases, retries. */
export function jobsContract(makeStore: () => Promise<Subject>) {
  const { seed, record } = contractKit();

  describe("job queue", () => {
    test("queueJob queues a job on its own, claimed once it is due and not before, as its first attempt", async () => {
      const store = await makeStore();
      const request = { kind: "send_invitation", orgId: "o", feedbackId: "", detail: "ann@x.io" } as const;
      await store.queueJob(request, 500);
      expect(await store.claimJob(499, 1_000, "early")).toBeNull();
      const due = await store.claimJob(500, 1_000, "due");
      expect(due?.request).toMatchObject(request);
      expect(due?.attempts).toBe(1);
      await store.completeJob(due!);
      expect(await store.claimJob(5_000, 1_000, "after")).toBeNull();
    });

    test("hastenJob makes the queued jobs that are that request due at its time, never later than they were; another request stays as it was", async () => {
      const store = await makeStore();
      const assignment = { kind: "notify_assignee", orgId: "o", feedbackId: "f1", detail: "10:u1" } as const;
      const regroup = { kind: "regroup_feedback", orgId: "o", feedbackId: "f1" } as const;
      await store.queueJob(assignment, 1_000);
      await store.queueJob({ ...assignment, feedbackId: "f2" }, 1_000);
      await store.queueJob({ ...assignment, detail: "11:u1" }, 1_000);
      await store.queueJob(regroup, 1_000);
      await store.hastenJob(assignment, 100);
      const hastened = (await store.claimJob(100, 10_000, "one"))!;
      expect(hastened.request).toEqual(assignment);
      expect(await store.claimJob(100, 10_000, "two")).toBeNull();
      // A request without a detail is that request alone; a job due already stays so.
      await store.hastenJob(regroup, 200);
      expect((await store.claimJob(200, 10_000, "three"))?.request).toEqual(regroup);
      await store.queueJob({ ...assignment, feedbackId: "f3" }, 300);
      await store.hastenJob({ ...assignment, feedbackId: "f3" }, 900);
      expect((await store.claimJob(300, 10_000, "four"))?.request).toEqual({ ...assignment, feedbackId: "f3" });
      expect(await store.claimJob(999, 10_000, "five")).toBeNull();
    });

    test("claimJob leases a due job to one worker; an expired lease frees it; a stale lease cannot complete it", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await record(store, org, "job", 1);
      const first = (await store.claimJob(10, 1_000, "lease-a"))!;
      expect(first.request.kind).toBe("group_report");
      expect(await store.claimJob(10, 1_000, "lease-b")).toBeNull();
      const again = (await store.claimJob(1_011, 1_000, "lease-c"))!;
      expect(again.id).toBe(first.id);
      expect(again.attempts).toBe(2);
      await store.completeJob(first);
      expect(await store.claimJob(3_000, 1_000, "lease-d")).not.toBeNull();
    });

    test("renewJob extends a lease still held, so a job that runs long is not taken up again; a lease lost renews nothing", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await record(store, org, "long job", 1);
      const job = (await store.claimJob(10, 1_000, "runner"))!;
      expect(await store.renewJob(job, 5_000)).toBe(true);
      expect(await store.claimJob(2_000, 1_000, "other")).toBeNull();
      const taken = (await store.claimJob(5_001, 1_000, "after"))!;
      expect(taken.id).toBe(job.id);
      expect(await store.renewJob(job, 9_000)).toBe(false);
      expect(await store.renewJob(taken, 9_000)).toBe(true);
    });

    test("retryJob puts a job back for later", async () => {
      const store = await makeStore();
      const org = await seed(store);
      await record(store, org, "retry", 1);
      const job = (await store.claimJob(10, 1_000, "l1"))!;
      await store.retryJob(job, 500, "boom");
      expect(await store.claimJob(499, 1_000, "l2")).toBeNull();
      expect((await store.claimJob(500, 1_000, "l3"))?.id).toBe(job.id);
    });
  });
}

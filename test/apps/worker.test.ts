import { describe, expect, test } from "bun:test";
import { createLogger } from "../../adapters/logging/logger.ts";
import pino from "pino";
import { holdingLease, startWorker } from "../../apps/server/worker.ts";
import type { Job } from "../../core/store/jobs.ts";
import { storeUnavailable, unavailableReason } from "../../core/store-unavailable.ts";
import { type InProcess, inProcess } from "../support/in-process.ts";
import { waitFor } from "../support/wait.ts";

/** The app's services, with a store that records each job it completes, in order. */
function recordingCompletedJobs(app: InProcess) {
  const store = app.services.store;
  const completed: Job[] = [];
  const services = {
    ...app.services,
    store: Object.assign(Object.create(store), {
      completeJob: async (job: Job) => {
        await store.completeJob(job);
        completed.push(job);
      },
    }),
  };
  return { services, completed };
}

/** The feedbacks whose grouping jobs are done, in order (the worker also runs the day's digests). */
const groupedFeedbacks = (completed: readonly Job[]) =>
  completed.flatMap((job) => (job.request.kind === "group_report" ? [job.request.feedbackId] : []));

describe("the server's background worker", () => {
  test("once the jobs have run and the queue has stayed empty a while, the store gives back its caches, once", async () => {
    const app = await inProcess();
    let released = 0;
    let polls = 0;
    const store = app.services.store;
    const services = {
      ...app.services,
      store: Object.assign(Object.create(store), {
        releaseMemory: async () => {
          released++;
        },
        claimJob: (...args: Parameters<typeof store.claimJob>) => {
          polls++;
          return store.claimJob(...args);
        },
      }),
    };
    const worker = startWorker(services, createLogger("silent", false), { quietMs: 300 });
    const sent = await app.request("POST", "/v1/reports", {
      body: { publicKey: app.demo.publicKey, kind: "problem", message: "The export button does nothing" },
    });
    expect(sent.status).toBe(201);
    await waitFor(
      "the memory to be released",
      () => released,
      (n) => n === 1,
    );
    // Several more idle polls, well past another quiet period: no second release without new work.
    const seen = polls;
    await waitFor(
      "three more idle polls",
      () => polls,
      (n) => n >= seen + 3,
    );
    expect(released).toBe(1);
    await worker.stop();
    app.close();
  });

  /** The demo app whose assistant holds the triage of a report that says "slow" until released, and whose store records each job done. */
  async function slowAssistant() {
    const app = await inProcess();
    const assistant = app.services.assistant;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const recording = recordingCompletedJobs(app);
    const services = {
      ...recording.services,
      assistant: Object.assign(Object.create(assistant), {
        triage: async (...args: Parameters<typeof assistant.triage>) => {
          if (args[0].message.includes("slow")) await held;
          return assistant.triage(...args);
        },
      }),
    };
    const send = async (message: string) => {
      const sent = await app.request("POST", "/v1/reports", { body: { publicKey: app.demo.publicKey, kind: "problem", message } });
      expect(sent.status).toBe(201);
      return (await app.services.store.findFeedback(app.demo.orgId, sent.body.ticketId))!.id;
    };
    return { app, services, send, release, done: () => groupedFeedbacks(recording.completed) };
  }

  /** The job behind the held one is done while it waits; the held one once released. Then the worker and app stop. */
  async function heldThenReleased(
    { app, release, done }: Pick<Awaited<ReturnType<typeof slowAssistant>>, "app" | "release" | "done">,
    worker: ReturnType<typeof startWorker>,
    slow: string,
    quick: string,
  ) {
    await waitFor("the job behind the held one to be done", done, (ids) => ids.includes(quick));
    expect(done()).not.toContain(slow);
    release();
    await waitFor("the held job to be done once released", done, (ids) => ids.includes(slow));
    await worker.stop();
    app.close();
  }

  test("a job waiting on a slow service (an assistant, a tracker, a mail server) does not hold up the jobs behind it", async () => {
    const { app, services, send, release, done } = await slowAssistant();
    const slow = await send("The slow export button does nothing");
    const quick = await send("Prices show in the wrong currency");
    const worker = startWorker(services, createLogger("silent", false));
    await heldThenReleased({ app, release, done }, worker, slow, quick);
  });

  test("on a queue that was empty, the loop that takes a job wakes the others: the job behind one held by a slow service is done meanwhile", async () => {
    const { app, services, send, release, done } = await slowAssistant();
    const store = services.store;
    let looks = 0;
    const counted = {
      ...services,
      store: Object.assign(Object.create(store), {
        claimJob: (...args: Parameters<typeof store.claimJob>) => {
          looks++;
          return store.claimJob(...args);
        },
      }),
    };
    const worker = startWorker(counted, createLogger("silent", false));
    await waitFor(
      "the idle loops to have looked at the empty queue two times more than there are loops",
      () => looks,
      (n) => n >= 6,
    );
    const slow = await send("The slow export button does nothing");
    const quick = await send("Prices show in the wrong currency");
    await heldThenReleased({ app, release, done }, worker, slow, quick);
  });

  test("an idle worker looks at each of its queues five times a second, not five times a second per loop", async () => {
    // Before 07:00 UTC: no digest of the day is queued, so the queues stay empty.
    const app = await inProcess({ with: { clock: () => Date.UTC(2026, 10, 25, 3, 0) } });
    const store = app.services.store;
    const looks = { jobs: 0, deliveries: 0 };
    const services = {
      ...app.services,
      store: Object.assign(Object.create(store), {
        claimJob: (...args: Parameters<typeof store.claimJob>) => {
          looks.jobs++;
          return store.claimJob(...args);
        },
        claimDelivery: (...args: Parameters<typeof store.claimDelivery>) => {
          looks.deliveries++;
          return store.claimDelivery(...args);
        },
      }),
    };
    const worker = startWorker(services, createLogger("silent", false));
    // Each of the four job loops and eight delivery loops looks once as it starts.
    await waitFor(
      "every loop's first look",
      () => looks,
      (seen) => seen.jobs >= 4 && seen.deliveries >= 8,
    );
    const from = { ...looks, at: performance.now() };
    await waitFor(
      "ten more looks at the job queue",
      () => looks.jobs,
      (n) => n >= from.jobs + 10,
    );
    // One loop looking every 200 ms takes two seconds for ten looks; four loops each looking took half a second.
    expect(performance.now() - from.at).toBeGreaterThanOrEqual(1_600);
    // Meanwhile the deliveries were looked at as often, not twice as often (eight loops against four).
    expect(looks.deliveries - from.deliveries).toBeLessThanOrEqual(looks.jobs - from.jobs + 2);
    await worker.stop();
    app.close();
  });

  /** The demo app with one report sent, and a store that records each job done. */
  async function oneReportSent() {
    const app = await inProcess();
    const { services, completed } = recordingCompletedJobs(app);
    const sent = await app.request("POST", "/v1/reports", {
      body: { publicKey: app.demo.publicKey, kind: "problem", message: "The export button does nothing" },
    });
    expect(sent.status).toBe(201);
    return { app, services, done: () => groupedFeedbacks(completed) };
  }

  test("while requests saturate the server's thread, a due job waits for them, and runs once they no longer do", async () => {
    const { app, services, done } = await oneReportSent();
    let saturated = true;
    let asked = 0;
    const requestsSaturate = () => {
      asked++;
      return saturated;
    };
    const worker = startWorker(services, createLogger("silent", false), { requestsSaturate, giveWayMs: 60_000 });
    await waitFor(
      "the job loops to have looked at the requests 20 times",
      () => asked,
      (n) => n >= 20,
    );
    expect(done()).toEqual([]);
    saturated = false;
    await waitFor(
      "the job to run once the requests no longer saturate the thread",
      () => done().length,
      (n) => n === 1,
    );
    await worker.stop();
    app.close();
  });

  test("the search entries reports left waiting are written once requests no longer saturate the thread", async () => {
    const app = await inProcess();
    const store = app.services.store;
    let written = 0;
    let saturated = true;
    let asked = 0;
    const services = {
      ...app.services,
      store: Object.assign(Object.create(store), {
        // No job runs: grouping would write the feedback's entry itself.
        claimJob: async () => null,
        catchUpSearch: async (limit: number) => {
          const n = await store.catchUpSearch(limit);
          written += n;
          return n;
        },
      }),
    };
    for (const message of ["The export button does nothing", "Search is slow"]) {
      expect((await app.request("POST", "/v1/reports", { body: { publicKey: app.demo.publicKey, kind: "problem", message } })).status).toBe(201);
    }
    const requestsSaturate = () => {
      asked++;
      return saturated;
    };
    const worker = startWorker(services, createLogger("silent", false), { requestsSaturate, giveWayMs: 60_000 });
    await waitFor(
      "the worker to have looked at the requests 20 times",
      () => asked,
      (n) => n >= 20,
    );
    expect(written).toBe(0);
    saturated = false;
    await waitFor(
      "both entries to be written once the requests no longer saturate the thread",
      () => written,
      (n) => n === 2,
    );
    await worker.stop();
    app.close();
  });

  test("while the saturation lasts, a due job still runs once it has given way for giveWayMs", async () => {
    const { app, services, done } = await oneReportSent();
    const started = performance.now();
    const worker = startWorker(services, createLogger("silent", false), { requestsSaturate: () => true, giveWayMs: 300 });
    await waitFor(
      "the job to run despite the saturation",
      () => done().length,
      (n) => n === 1,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    await worker.stop();
    app.close();
  });

  for (const [burst, told] of [
    [12, ""],
    [40, ", though more than a feedback is compared with (25, the newest first)"],
  ] as const)
    test(`a burst of ${burst} reports of one subject, grouped by jobs running at once, ends as one feedback${told}`, async () => {
      const app = await inProcess();
      const store = app.services.store;
      const { services, completed } = recordingCompletedJobs(app);
      for (let i = 0; i < burst; i++) {
        const body = { publicKey: app.demo.publicKey, kind: "problem", message: `The invoice total ignores the discount code (customer ${i})` };
        expect((await app.request("POST", "/v1/reports", { body })).status).toBe(201);
      }
      const worker = startWorker(services, createLogger("silent", false));
      await waitFor(
        "every grouping job to be done",
        () => groupedFeedbacks(completed).length,
        (n) => n === burst,
      );
      await worker.stop();
      const open = await store.listFeedbacks(app.demo.orgId, { statuses: ["triage"], words: ["discount"] }, null, 20);
      expect(open.map((f) => f.reports)).toEqual([burst]);
      app.close();
    });

  test("from 07:00 UTC the worker queues each organization's digest of the day, and its job runs", async () => {
    const app = await inProcess({ with: { clock: () => Date.UTC(2026, 10, 25, 8, 0) } });
    const { services, completed } = recordingCompletedJobs(app);
    const digests = () => completed.flatMap((job) => (job.request.kind === "send_digest" ? [`${job.request.orgId} ${job.request.detail}`] : []));
    const worker = startWorker(services, createLogger("silent", false));
    await waitFor(
      "the demo organization's digest job to run",
      () => digests().length,
      (n) => n >= 1,
    );
    await worker.stop();
    expect(digests()).toEqual([`${app.demo.orgId} 2026-11-25`]);
    app.close();
  });

  test("a worker told to stop while it queues the day's digests stops at once, not after its next check minutes later", async () => {
    const app = await inProcess({ with: { clock: () => Date.UTC(2026, 10, 25, 8, 0) } });
    const store = app.services.store;
    let listing: () => void = () => {};
    let told: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      told = resolve;
    });
    const services = {
      ...app.services,
      store: Object.assign(Object.create(store), {
        // The digests' look at the organizations waits until the test has asked the worker to stop.
        listOrganizations: () => {
          told();
          return new Promise<Awaited<ReturnType<typeof store.listOrganizations>>>((answer) => {
            listing = () => void store.listOrganizations().then(answer);
          });
        },
      }),
    };
    const worker = startWorker(services, createLogger("silent", false));
    await asked;
    const stopped = worker.stop();
    listing();
    const outcome = await Promise.race([stopped.then(() => "stopped"), Bun.sleep(5_000).then(() => "still running after 5 s")]);
    expect(outcome).toBe("stopped");
    app.close();
  });
  test("a queue whose store cannot write is said with the requests' refusals, not a stack each poll; its jobs run once it writes again", async () => {
    const app = await inProcess();
    await app.request("POST", "/v1/reports", { body: { publicKey: app.demo.publicKey, kind: "idea", message: "Dark mode" } });
    const { services, completed } = recordingCompletedJobs(app);
    let full = true;
    const claimJob = services.store.claimJob.bind(services.store);
    services.store.claimJob = (...args: Parameters<typeof claimJob>) =>
      full ? Promise.reject(storeUnavailable("full", new Error("database or disk is full"))) : claimJob(...args);
    const lines: string[] = [];
    const refused: unknown[] = [];
    const storeRefused = (error: unknown) => unavailableReason(error) !== null && refused.push(error) > 0;
    const worker = startWorker(services, pino({ level: "info" }, { write: (line: string) => void lines.push(line) }), { storeRefused });
    await waitFor(
      "three refused polls",
      () => refused.length,
      (n) => n >= 3,
    );
    full = false;
    await waitFor(
      "the report's grouping job",
      () => groupedFeedbacks(completed).length,
      (n) => n === 1,
    );
    await worker.stop();
    expect(lines.filter((l) => l.includes("job queue unavailable"))).toEqual([]);
    app.close();
  });
});

/**
 * A service whose worker "worker-a" has just claimed a report's job, `now`; its store counts the
 * lease renewals (`renewJob` answers as `answer` says, the store by default); a logger keeps its lines.
 */
async function claimedJob(answer?: () => Promise<boolean>) {
  const app = await inProcess();
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  await app.request("POST", "/v1/reports", { body: { publicKey: app.demo.publicKey, kind: "idea", message: "Dark mode" } });
  const now = Date.now() + 1_000;
  const job = (await app.services.store.claimJob(now, 1_000, "worker-a"))!;
  const renewals = { count: 0 };
  const real = app.services.store;
  const store = Object.assign(Object.create(real), {
    renewJob: (...args: Parameters<typeof real.renewJob>) => {
      renewals.count++;
      return answer ? answer() : real.renewJob(...args);
    },
  });
  return { app, services: { ...app.services, store }, lines, logger, now, job, renewals };
}

describe("a job's lease while it runs", () => {
  test("is renewed at each interval until the job ends, then no more: a slow job keeps it, a crashed one lets it run out", async () => {
    const { app, services, logger, job, renewals } = await claimedJob();
    const { promise: ends, resolve: end } = Promise.withResolvers<string>();
    const running = holdingLease(services, logger, job, () => ends, 10);
    await waitFor(
      "three renewals",
      () => renewals.count,
      (n) => n >= 3,
    );
    end("done");
    expect(await running).toBe("done");
    const after = renewals.count;
    await Bun.sleep(50);
    expect(renewals.count).toBe(after);
    app.close();
  });

  test("the worker holds the lease of each job it runs: a job waiting on the store has it renewed", async () => {
    const { app, services, job, renewals } = await claimedJob();
    // Given back, for the worker to take: its grouping waits until the test lets it go.
    await app.services.store.retryJob(job, 0, "handed to the worker");
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    const real = services.store;
    const store = Object.assign(Object.create(real), {
      groupingCandidates: async (...args: Parameters<typeof real.groupingCandidates>) => {
        await released;
        return real.groupingCandidates(...args);
      },
    });
    const worker = startWorker({ ...services, store }, createLogger("silent", false), { leaseRenewalMs: 10 });
    await waitFor(
      "two renewals of the waiting job",
      () => renewals.count,
      (n) => n >= 2,
    );
    release();
    await worker.stop();
    app.close();
  });

  test("a renewal still waiting for a slow store is not asked again meanwhile: one at a time", async () => {
    let waiting = 0;
    let most = 0;
    const { app, services, logger, job, renewals } = await claimedJob(async () => {
      most = Math.max(most, ++waiting);
      await Bun.sleep(40);
      waiting--;
      return true;
    });
    const { promise: ends, resolve: end } = Promise.withResolvers<void>();
    const running = holdingLease(services, logger, job, () => ends, 5);
    await waitFor(
      "two renewals",
      () => renewals.count,
      (n) => n >= 2,
    );
    end();
    await running;
    expect(most).toBe(1);
    app.close();
  });

  test("a lease found lost at its renewal is logged once as a warning naming the job (it may be running twice), and renewed no more", async () => {
    const { app, services, lines, logger, now, job, renewals } = await claimedJob();
    // The lease ran out and another worker took the job.
    expect(await app.services.store.claimJob(now + 2_000, 1_000, "worker-b")).toMatchObject({ id: job.id });
    const { promise: ends, resolve: end } = Promise.withResolvers<void>();
    const running = holdingLease({ ...services, clock: () => now + 2_500 }, logger, job, () => ends, 10);
    await waitFor(
      "the warning",
      () => lines.length,
      (n) => n >= 1,
    );
    await Bun.sleep(50);
    end();
    await running;
    expect(renewals.count).toBe(1);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 40, job: job.id, kind: job.request.kind, msg: expect.stringContaining("job lease lost") }),
    ]);
    app.close();
  });

  test("a renewal that answers once the job has ended says nothing", async () => {
    const { promise: answered, resolve: answer } = Promise.withResolvers<boolean>();
    const { app, services, lines, logger, job, renewals } = await claimedJob(() => answered);
    await holdingLease(
      services,
      logger,
      job,
      () =>
        waitFor(
          "a renewal asked",
          () => renewals.count,
          (n) => n >= 1,
        ),
      10,
    );
    answer(false);
    await Bun.sleep(20);
    expect(lines).toEqual([]);
    app.close();
  });
});

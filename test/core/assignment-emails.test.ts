import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { JobRequest } from "../../core/feedback/events.ts";
import type { FeedbackRecord } from "../../core/model.ts";
import type { TagRecord, TriageFields } from "../../core/store/triage.ts";
import type { Teammate } from "../../core/store/team.ts";
import { notifyAssignee } from "../../core/team/notify-assignee.ts";
import { bulkUpdate } from "../../core/triage/bulk-update.ts";
import { fieldChanges, type TriageAuthor, type TriageChange } from "../../core/triage/journal.ts";
import { updateFeedback } from "../../core/triage/update-feedback.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { fakeNotices } from "./fake-notices.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const TEAM: Teammate[] = [
  { userId: "u-ann", email: "ann@acme.test", name: "Ann Lee", role: "member", digest: false, language: "en" },
  { userId: "u-bob", email: "bob@acme.test", name: "Bob Roy", role: "member", digest: false, language: "fr" },
  { userId: "u-cat", email: "cat@acme.test", name: "Cat Diaz", role: "admin", digest: false, language: "en" },
];
/** Cat, who assigns. */
const cat = { ...tokenGrant("admin", ["feedbacks:read", "feedbacks:write"]), orgId: "org", userId: "u-cat" };

/**
 * `count` feedbacks (ACME-1 "Feedback 1", …) of an organization of three members, in memory: the
 * triage writes keep their activity and queue their jobs as a store does, the notices are claimed
 * and confirmed as a store does, and the mail handed over is kept. The clock is frozen, and moved
 * on by the test (`later`, or `pass` while the worker is busy elsewhere).
 */
function organization(count: number, delivers = true) {
  const records = Array.from({ length: count }, (_, i) => feedbackRecord({ id: `fb-${i + 1}`, key: `ACME-${i + 1}`, title: `Feedback ${i + 1}` }));
  const fake = fakeFeedbacks(...records);
  let now = NOW;
  const activity: TriageChange[] = [];
  const queued: Array<{ job: JobRequest; due: number }> = [];
  const notices = fakeNotices();
  const mails: Array<{ to: string; subject: string; text: string }> = [];
  /** Runs before the next triage write, as what happens meanwhile (a worker, a crash). */
  const meanwhile: Array<() => Promise<void>> = [];
  const store = {
    ...fake.deps.store,
    setTriageFields: async (
      _orgId: string,
      feedbackId: string,
      fields: TriageFields,
      _created: readonly TagRecord[],
      jobs: readonly JobRequest[],
      due: number,
      author?: TriageAuthor,
    ) => {
      await meanwhile.shift()?.();
      const current = fake.feedbacks.get(feedbackId);
      if (!current || current.mergedInto) return false;
      const changes = fieldChanges(current, fields);
      if (author && changes.length > 0) activity.push({ ...author, feedbackId, changes });
      fake.feedbacks.set(feedbackId, { ...current, ...fields } as FeedbackRecord);
      for (const job of jobs) queued.push({ job, due });
      return true;
    },
    triageChanges: async (feedbackId: string) => activity.filter((c) => c.feedbackId === feedbackId),
    triageChangesAt: async (by: string, at: number) => activity.filter((c) => c.by === by && c.at === at),
    hastenJob: async (request: JobRequest, runAt: number) => {
      for (const q of queued) if (JSON.stringify(q.job) === JSON.stringify(request) && q.due > runAt) q.due = runAt;
    },
    listTags: async () => [],
    findUser: async (id: string) => TEAM.filter((m) => m.userId === id).map((m) => ({ id: m.userId, email: m.email }))[0] ?? null,
    findUserByEmail: async (email: string) => TEAM.filter((m) => m.email === email).map((m) => ({ id: m.userId, email: m.email }))[0] ?? null,
    listMembers: async () => TEAM.map((m) => ({ userId: m.userId, email: m.email, role: m.role })),
    listTeam: async () => TEAM,
    ...notices.store,
  };
  const notifier = { delivers, send: async (m: { to: string; subject: string; text: string }) => void mails.push(m) };
  /** The feedbacks read by id, to see what the jobs of one bulk read between them. */
  const reads = { count: 0 };
  const findFeedback = store.findFeedback;
  const deps = {
    ...fake.deps,
    clock: () => now,
    store: {
      ...store,
      findFeedback: (orgId: string, keyOrId: string) => {
        reads.count++;
        return findFeedback(orgId, keyOrId);
      },
    },
    notifier,
  };
  const ran: JobRequest[] = [];
  /**
   * Runs the jobs queued that are due by `until` (all of them, as a worker that waited long enough),
   * in the order they are due (then queued), as the worker does.
   */
  async function runJobs(until = Number.POSITIVE_INFINITY): Promise<void> {
    const due = queued.filter((q) => q.due <= until).sort((a, b) => a.due - b.due);
    for (const q of due) queued.splice(queued.indexOf(q), 1);
    for (const { job } of due) {
      await notifyAssignee(deps, job);
      ran.push(job);
    }
  }
  /** Runs again every job that ran: a job run twice (a lease that ran out) sends nothing twice. */
  const runAgain = async () => {
    for (const job of ran) await notifyAssignee(deps, job);
  };
  /** Moves the clock `ms` on, and runs the jobs due by then, as the worker does. */
  const later = (ms: number) => {
    now += ms;
    return runJobs(now);
  };
  /** Moves the clock `ms` on and runs nothing: the worker is behind, busy elsewhere. */
  const pass = (ms: number) => {
    now += ms;
  };
  return { deps, queued, mails, meanwhile, runJobs, runAgain, reads, later, pass };
}

const keys = (...numbers: number[]) => numbers.map((n) => `ACME-${n}`);
const lines = (...numbers: number[]) => numbers.flatMap((n) => [`- ACME-${n} Feedback ${n}`, `  https://retour.test/inbox/ACME-${n}`]);

describe("the e-mail of a bulk assignment", () => {
  test("a bulk change that assigns several feedbacks to a member sends them one e-mail listing each by key and title, saying who assigned them; none is sent twice", async () => {
    const org = organization(3);
    const done = await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } });
    assert.ok(done.ok);
    // Each feedback's change queued its own job with it.
    assert.deepEqual(
      org.queued.map((q) => q.job.feedbackId),
      ["fb-1", "fb-2", "fb-3"],
    );
    await org.runJobs();
    await org.runAgain();
    assert.deepEqual(
      org.mails.map((m) => [m.to, m.subject, m.text]),
      [
        [
          "ann@acme.test",
          "3 feedbacks are assigned to you",
          ["Cat Diaz assigned 3 feedbacks to you:", "", ...lines(1, 2, 3), "", "Your notifications: https://retour.test/account"].join("\n"),
        ],
      ],
    );
  });

  test("the jobs of a bulk change read each feedback it assigned a few times between them, not each job every one of them", async () => {
    const org = organization(40);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(...Array.from({ length: 40 }, (_, i) => i + 1)), set: { owner: "ann@acme.test" } })).ok);
    const before = org.reads.count;
    await org.runJobs();
    assert.equal(org.mails.length, 1);
    // Each job reads its own feedback; the one that tells them all reads them once more.
    assert.ok(org.reads.count - before <= 3 * 40, `${org.reads.count - before} reads`);
  });

  test("two bulk changes by one person at one instant, to two members, send each one e-mail listing theirs alone, in their language", async () => {
    const org = organization(4);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2), set: { owner: "ann@acme.test" } })).ok);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(3, 4), set: { owner: "bob@acme.test" } })).ok);
    await org.runJobs();
    assert.deepEqual(
      org.mails.map((m) => [m.to, m.subject, m.text.split("\n").filter((l) => l.startsWith("- "))]),
      [
        ["ann@acme.test", "2 feedbacks are assigned to you", ["- ACME-1 Feedback 1", "- ACME-2 Feedback 2"]],
        ["bob@acme.test", "2 retours vous sont attribués", ["- ACME-3 Feedback 3", "- ACME-4 Feedback 4"]],
      ],
    );
    assert.equal(org.mails[1]!.text.split("\n")[0], "Cat Diaz vous a attribué 2 retours\u202f:");
  });

  test("the first job a bulk change queues is due once the bulk is written, the others after that one ran", async () => {
    const org = organization(3);
    // A second between writes.
    org.meanwhile.push(
      () => org.later(1_000),
      () => org.later(1_000),
      () => org.later(1_000),
    );
    assert.ok((await bulkUpdate(org.deps, cat, { keys: ["ACME-404", ...keys(1, 2, 3)], set: { owner: "ann@acme.test" } })).ok);
    const [first, ...others] = org.queued.map((q) => q.due);
    assert.equal(first, NOW + 3_000, "once the bulk is written");
    assert.ok(
      others.every((due) => due > first!),
      "the others after the first",
    );
  });

  test("a bulk change whose first feedback was the member's already tells them of the others once it is written, as any bulk change", async () => {
    const org = organization(3);
    await org.deps.store.setTriageFields("org", "fb-1", { owner: "ann@acme.test" }, [], [], NOW);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } })).ok);
    await org.later(0);
    assert.deepEqual(
      org.mails.map((m) => [m.subject, m.text.split("\n").filter((l) => l.startsWith("- "))]),
      [["2 feedbacks are assigned to you", ["- ACME-2 Feedback 2", "- ACME-3 Feedback 3"]]],
    );
  });

  test("a bulk change slow to write (half a minute a feedback, the worker running meanwhile) is told in one e-mail, once it is written", async () => {
    const org = organization(3);
    org.meanwhile.push(
      async () => {},
      () => org.later(30_000),
      () => org.later(30_000),
    );
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } })).ok);
    assert.equal(org.mails.length, 0, "nothing while it was written");
    await org.later(0);
    assert.deepEqual(
      org.mails.map((m) => [m.subject, m.text.split("\n").filter((l) => l.startsWith("- "))]),
      [["3 feedbacks are assigned to you", lines(1, 2, 3).filter((l) => l.startsWith("- "))]],
    );
    await org.runJobs();
    await org.runAgain();
    assert.equal(org.mails.length, 1, "the others' jobs send nothing");
  });

  test("a bulk change still being written when its first job's wait ran out (minutes) tells what was written, then the rest in another e-mail, none twice", async () => {
    const org = organization(3);
    org.meanwhile.push(
      async () => {},
      async () => {},
      () => org.runJobs(),
    );
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } })).ok);
    await org.runJobs();
    await org.runAgain();
    assert.deepEqual(
      org.mails.map((m) => m.subject),
      ["2 feedbacks are assigned to you", "ACME-3 is assigned to you: Feedback 3"],
    );
  });

  test("a bulk change interrupted halfway (a crash) still tells the member what it assigned them", async () => {
    const org = organization(3);
    org.meanwhile.push(
      async () => {},
      async () => {},
      async () => {
        throw new Error("the server stopped");
      },
    );
    await assert.rejects(bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } }), /stopped/);
    await org.runJobs();
    assert.deepEqual(
      org.mails.map((m) => [m.subject, m.text.split("\n").filter((l) => l.startsWith("- "))]),
      [["2 feedbacks are assigned to you", ["- ACME-1 Feedback 1", "- ACME-2 Feedback 2"]]],
    );
  });

  test("a feedback that was theirs already, or that someone gave another member before the e-mail went, is not in the list", async () => {
    const org = organization(4);
    // ACME-1 is Ann's already.
    await org.deps.store.setTriageFields("org", "fb-1", { owner: "ann@acme.test" }, [], [], NOW);
    const done = await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3, 4), set: { owner: "ann@acme.test", addTags: ["Billing"] } });
    assert.ok(done.ok);
    // Ann hands ACME-3 to Bob before the e-mail goes.
    assert.ok((await updateFeedback(org.deps, { ...cat, userId: "u-ann" }, "ACME-3", { owner: "bob@acme.test" })).ok);
    await org.runJobs();
    assert.deepEqual(
      org.mails.map((m) => [m.to, m.subject, m.text.split("\n").filter((l) => l.startsWith("- "))]),
      [
        ["ann@acme.test", "2 feedbacks are assigned to you", ["- ACME-2 Feedback 2", "- ACME-4 Feedback 4"]],
        ["bob@acme.test", "ACME-3 vous est attribué\u202f: Feedback 3", []],
      ],
    );
  });

  test("where messages are only written to the log, a bulk change whose first feedback went to another member since still logs the member's message, once", async () => {
    const org = organization(3, false);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } })).ok);
    assert.ok((await updateFeedback(org.deps, { ...cat, userId: "u-ann" }, "ACME-1", { owner: "bob@acme.test" })).ok);
    await org.runJobs();
    assert.deepEqual(
      org.mails.filter((m) => m.to === "ann@acme.test").map((m) => [m.subject, m.text.split("\n").filter((l) => l.startsWith("- "))]),
      [["2 feedbacks are assigned to you", ["- ACME-2 Feedback 2", "- ACME-3 Feedback 3"]]],
    );
  });

  test("a job whose feedbacks were all given to another member while it ran sends the member nothing, and finishes, not to be retried", async () => {
    const org = organization(2);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2), set: { owner: "ann@acme.test" } })).ok);
    const [lead] = org.queued.map((q) => q.job);
    const handOver = (id: string) => org.deps.store.setTriageFields("org", id, { owner: "bob@acme.test" }, [], [], NOW);
    // Once the job read its feedback and claimed its notice, Ann hands both to Bob.
    const claimNotification = org.deps.store.claimNotification;
    const store = {
      ...org.deps.store,
      claimNotification: async (subject: string, email: string, key: string) => {
        await handOver("fb-1");
        await handOver("fb-2");
        return claimNotification(subject, email, key);
      },
    };
    await notifyAssignee({ ...org.deps, store }, lead!);
    assert.deepEqual(org.mails, []);
  });

  test("a member who assigns feedbacks to themselves in a bulk change is sent nothing", async () => {
    const org = organization(3);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "cat@acme.test" } })).ok);
    await org.runJobs();
    assert.deepEqual(org.mails, []);
  });

  test("a single assignment (a feedback's page, PATCH, MCP) sends the one-feedback e-mail, due at once", async () => {
    const org = organization(3);
    assert.ok((await updateFeedback(org.deps, cat, "ACME-2", { owner: "ann@acme.test" })).ok);
    assert.deepEqual(
      org.queued.map((q) => q.due),
      [NOW],
    );
    await org.runJobs();
    assert.deepEqual(
      org.mails.map((m) => [m.subject, m.text]),
      [
        [
          "ACME-2 is assigned to you: Feedback 2",
          [
            'Cat Diaz assigned ACME-2 ("Feedback 2") to you.',
            "",
            "Open the feedback: https://retour.test/inbox/ACME-2",
            "",
            "Your notifications: https://retour.test/account",
          ].join("\n"),
        ],
      ],
    );
  });
});

describe("the e-mail of an assignment given over before it went", () => {
  /** Ann and Bob, who give feedbacks on (with Cat's rights: who may is not what these tests are about). */
  const ann = { ...cat, userId: "u-ann" };
  const bob = { ...cat, userId: "u-bob" };
  const told = (mails: ReadonlyArray<{ to: string; text: string }>) => mails.map((m) => [m.to, m.text.split("\n")[0]]);

  test("a feedback given to another member before its assignment's e-mail went is told its new owner once, by the one who gave it to them", async () => {
    const org = organization(1);
    assert.ok((await updateFeedback(org.deps, cat, "ACME-1", { owner: "ann@acme.test" })).ok);
    org.pass(60_000);
    assert.ok((await updateFeedback(org.deps, ann, "ACME-1", { owner: "bob@acme.test" })).ok);
    await org.runJobs();
    await org.runAgain();
    assert.deepEqual(told(org.mails), [["bob@acme.test", "Ann Lee vous a attribué ACME-1 («\u202fFeedback 1\u202f»)."]]);
  });

  test("a feedback taken from a member and given back to them before the first e-mail went is told them once, by the one who gave it back", async () => {
    const org = organization(1);
    assert.ok((await updateFeedback(org.deps, cat, "ACME-1", { owner: "ann@acme.test" })).ok);
    org.pass(60_000);
    assert.ok((await updateFeedback(org.deps, bob, "ACME-1", { owner: "bob@acme.test" })).ok);
    org.pass(60_000);
    assert.ok((await updateFeedback(org.deps, bob, "ACME-1", { owner: "ann@acme.test" })).ok);
    await org.runJobs();
    await org.runAgain();
    assert.deepEqual(told(org.mails), [["ann@acme.test", 'Bob Roy assigned ACME-1 ("Feedback 1") to you.']]);
  });

  test("a bulk change whose first feedback was given to another member before its e-mail went tells the member of the others in one e-mail, and the new owner of that one once", async () => {
    const org = organization(3);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } })).ok);
    org.pass(1_000);
    assert.ok((await updateFeedback(org.deps, ann, "ACME-1", { owner: "bob@acme.test" })).ok);
    await org.runJobs();
    await org.runAgain();
    assert.deepEqual(told(org.mails), [
      ["bob@acme.test", "Ann Lee vous a attribué ACME-1 («\u202fFeedback 1\u202f»)."],
      ["ann@acme.test", "Cat Diaz assigned 2 feedbacks to you:"],
    ]);
    assert.deepEqual(
      org.mails[1]!.text.split("\n").filter((l) => l.startsWith("- ")),
      ["- ACME-2 Feedback 2", "- ACME-3 Feedback 3"],
    );
  });

  test("a bulk change's e-mail leaves out a feedback taken from the member and given back to them since: the one who gave it back tells them of it", async () => {
    const org = organization(3);
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2, 3), set: { owner: "ann@acme.test" } })).ok);
    org.pass(1_000);
    assert.ok((await updateFeedback(org.deps, bob, "ACME-2", { owner: "bob@acme.test" })).ok);
    org.pass(1_000);
    assert.ok((await updateFeedback(org.deps, bob, "ACME-2", { owner: "ann@acme.test" })).ok);
    await org.runJobs();
    await org.runAgain();
    assert.deepEqual(
      org.mails.map((m) => [m.to, m.subject]),
      [
        ["ann@acme.test", "2 feedbacks are assigned to you"],
        ["ann@acme.test", "ACME-2 is assigned to you: Feedback 2"],
      ],
    );
    assert.deepEqual(
      org.mails[0]!.text.split("\n").filter((l) => l.startsWith("- ")),
      ["- ACME-1 Feedback 1", "- ACME-3 Feedback 3"],
    );
  });

  test("a feedback another member gave someone while a bulk change was being written, then the bulk gave the member, is told the member, in the bulk's e-mail", async () => {
    const org = organization(2);
    // The bulk began at NOW; a second later, before it reaches ACME-2, Ann gives ACME-2 to Bob.
    org.meanwhile.push(
      async () => {},
      async () => {
        org.pass(1_000);
        assert.ok((await updateFeedback(org.deps, ann, "ACME-2", { owner: "bob@acme.test" })).ok);
      },
    );
    assert.ok((await bulkUpdate(org.deps, cat, { keys: keys(1, 2), set: { owner: "ann@acme.test" } })).ok);
    await org.runJobs();
    await org.runAgain();
    assert.deepEqual(told(org.mails), [["ann@acme.test", "Cat Diaz assigned 2 feedbacks to you:"]]);
  });
});

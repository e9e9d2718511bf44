import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { JobRequest, StatusChange } from "../../core/feedback/events.ts";
import type { FeedbackRecord, Follower } from "../../core/model.ts";
import { notifyFollowers } from "../../core/notify/notify-followers.ts";
import type { StatusChangeRecord, StatusComment } from "../../core/store/feedbacks.ts";
import type { Teammate } from "../../core/store/team.ts";
import type { TagRecord, TriageFields } from "../../core/store/triage.ts";
import { notifyAssignee } from "../../core/team/notify-assignee.ts";
import { notifyMentions } from "../../core/team/notify-mentions.ts";
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
/** Cat, who makes the change. */
const cat = { ...tokenGrant("admin", ["feedbacks:read", "feedbacks:write"]), orgId: "org", userId: "u-cat" };
const follows = (email: string): Follower => ({ feedbackId: "fb-1", email, language: "en" });

/**
 * ACME-1, in an organization of three members, in memory: the triage and status writes keep their
 * activity, comments and status history and queue their jobs as a store does; the notices are
 * claimed and confirmed as a store does; the mail handed over is kept (`refuse` makes the mail
 * server refuse an address once). `followers` follow ACME-1. The clock moves on a millisecond at
 * each reading, as time passes between the writes of one request.
 */
function organization(followers: readonly string[]) {
  const fake = fakeFeedbacks(feedbackRecord({ id: "fb-1", key: "ACME-1", title: "Export fails" }));
  const activity: TriageChange[] = [];
  const comments: StatusComment[] = [];
  const statuses: StatusChange[] = [];
  const queued: JobRequest[] = [];
  const notices = fakeNotices();
  const mails: Array<{ to: string; subject: string; text: string }> = [];
  const refuse = new Set<string>();
  const store = {
    ...fake.deps.store,
    setTriageFields: async (
      _o: string,
      id: string,
      fields: TriageFields,
      _c: readonly TagRecord[],
      jobs: readonly JobRequest[],
      _d: number,
      author?: TriageAuthor,
    ) => {
      const current = fake.feedbacks.get(id)!;
      if (author) activity.push({ ...author, feedbackId: id, changes: fieldChanges(current, fields) });
      fake.feedbacks.set(id, { ...current, ...fields } as FeedbackRecord);
      queued.push(...jobs);
      return true;
    },
    applyStatusChange: async (change: StatusChangeRecord) => {
      const current = fake.feedbacks.get(change.feedbackId)!;
      fake.feedbacks.set(current.id, { ...current, status: change.to });
      if (change.from !== change.to) statuses.push({ previousStatus: change.from, at: change.at, by: cat.userId });
      const c = change.comment;
      if (c)
        comments.push({
          id: c.id,
          text: c.text,
          userId: c.authorUserId,
          statusFrom: change.from,
          statusTo: change.to,
          at: change.at,
        } as StatusComment);
      queued.push(...change.jobs);
      return true;
    },
    triageChanges: async (id: string) => activity.filter((c) => c.feedbackId === id),
    triageChangesAt: async (by: string, at: number) => activity.filter((c) => c.by === by && c.at === at),
    listComments: async () => comments,
    statusChanges: async () => statuses,
    listFollowers: async () => followers.map(follows),
    listTags: async () => [],
    findPortal: async () => null,
    findUser: async (id: string) => TEAM.filter((m) => m.userId === id).map((m) => ({ id: m.userId, email: m.email }))[0] ?? null,
    findUserByEmail: async (email: string) => TEAM.filter((m) => m.email === email).map((m) => ({ id: m.userId, email: m.email }))[0] ?? null,
    listMembers: async () => TEAM.map((m) => ({ userId: m.userId, email: m.email, role: m.role })),
    listTeam: async () => TEAM,
    ...notices.store,
  };
  const notifier = {
    delivers: true,
    send: async (m: { to: string; subject: string; text: string }) => {
      if (refuse.delete(m.to)) throw new Error(`550 ${m.to} refused`);
      mails.push(m);
    },
  };
  let now = NOW;
  const deps = { ...fake.deps, clock: () => now++, store, notifier, secrets: { seal: async (t: string) => t, open: async (t: string) => t } };
  const run = (job: JobRequest) =>
    job.kind === "notify_assignee"
      ? notifyAssignee(deps, job)
      : job.kind === "notify_mentions"
        ? notifyMentions(deps, job)
        : job.kind === "notify_followers"
          ? notifyFollowers(deps, job)
          : Promise.resolve();
  /** Runs each job queued, in turn, as the worker does: one that fails is retried after the others, until none fails. */
  async function runJobs(): Promise<void> {
    for (let round = 0; queued.length > 0 && round < 5; round++) {
      const jobs = queued.splice(0);
      for (const job of jobs) await run(job).catch(() => queued.push(job));
    }
  }
  return { deps, queued, mails, refuse, run, runJobs };
}

/** Cat gives ACME-1 to Ann, delivers it, and mentions Ann and Bob in its comment: one PATCH. */
async function change(org: ReturnType<typeof organization>) {
  const done = await updateFeedback(org.deps, cat, "ACME-1", {
    owner: "ann@acme.test",
    status: "delivered",
    comment: "@ann @bob the export works again",
  });
  assert.ok(done.ok);
}

const mailTo = (org: ReturnType<typeof organization>, email: string) => org.mails.filter((m) => m.to === email);

describe("one e-mail per person for one change", () => {
  test("a member assigned a feedback, mentioned in its comment and following it, in one change, gets one e-mail that says all three", async () => {
    const org = organization(["ann@acme.test"]);
    await change(org);
    await org.runJobs();
    // The link that stops news of ACME-1 is signed for Ann: shown here as "…".
    const ann = mailTo(org, "ann@acme.test").map((m) => [m.subject, m.text.replace(/\/unsubscribe\S*/, "/unsubscribe…")]);
    assert.deepEqual(ann, [
      [
        "Cat Diaz changed ACME-1: Export fails",
        [
          'Cat Diaz changed ACME-1 ("Export fails"):',
          "",
          "- it is assigned to you;",
          "- you are mentioned:",
          "  > @ann @bob the export works again",
          "- its status is now Delivered (you follow it).",
          "",
          "Open the feedback: https://retour.test/inbox/ACME-1",
          "",
          "Stop receiving news of ACME-1: https://retour.test/unsubscribe…",
          "Your notifications: https://retour.test/account",
        ].join("\n"),
      ],
    ]);
  });

  test("a member the change tells two things, in French, gets one e-mail in French; a follower outside the team and the author are told as before", async () => {
    const org = organization(["bob@acme.test", "dee@customer.example", "cat@acme.test"]);
    await change(org);
    await org.runJobs();
    assert.deepEqual(
      mailTo(org, "bob@acme.test").map((m) => [m.subject, m.text.split("\n").slice(0, 6)]),
      [
        [
          "Cat Diaz a modifié ACME-1\u202f: Export fails",
          [
            "Cat Diaz a modifié ACME-1 («\u202fExport fails\u202f»)\u202f:",
            "",
            "- vous y êtes mentionné\u202f:",
            "  > @ann @bob the export works again",
            "- son statut est maintenant Livré (vous le suivez).",
            "",
          ],
        ],
      ],
    );
    assert.deepEqual(
      mailTo(org, "dee@customer.example").map((m) => m.subject),
      ["Delivered: ACME-1"],
    );
    assert.deepEqual(mailTo(org, "cat@acme.test"), []);
  });

  test("a member who stopped following the feedback gets its assignment and the mention in one e-mail, and not its status", async () => {
    const org = organization([]);
    await change(org);
    await org.runJobs();
    const ann = mailTo(org, "ann@acme.test");
    assert.equal(ann.length, 1);
    assert.match(ann[0]!.text, /^- it is assigned to you;\n- you are mentioned:\n {2}> @ann @bob the export works again\n\nOpen the feedback/m);
    assert.doesNotMatch(ann[0]!.text, /Delivered|Stop receiving news/);
  });

  test("a member whose assignment was given over before their e-mail went gets the mention and the status in one e-mail, not the assignment", async () => {
    const org = organization(["ann@acme.test"]);
    await change(org);
    assert.ok((await updateFeedback(org.deps, cat, "ACME-1", { owner: "bob@acme.test" })).ok);
    await org.runJobs();
    const ann = mailTo(org, "ann@acme.test");
    assert.equal(ann.length, 1);
    assert.match(ann[0]!.text, /:\n\n- you are mentioned:\n {2}> @ann @bob the export works again\n- its status is now Delivered/);
    assert.doesNotMatch(ann[0]!.text, /assigned to you/);
  });

  test("a job retried after its person's e-mail went, or after the mail server refused it, never sends it twice", async () => {
    const org = organization(["ann@acme.test"]);
    await change(org);
    const jobs = [...org.queued];
    org.refuse.add("ann@acme.test");
    await org.runJobs();
    for (const job of jobs) await org.run(job);
    assert.deepEqual(
      mailTo(org, "ann@acme.test").map((m) => m.subject),
      ["Cat Diaz changed ACME-1: Export fails"],
    );
    assert.equal(mailTo(org, "ann@acme.test")[0]!.text.match(/^- /gm)?.length, 3);
  });
});

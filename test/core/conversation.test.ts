import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { addComment } from "../../core/feedback/add-comment.ts";
import { answerAsReporter } from "../../core/conversation/answer-as-reporter.ts";
import { notifyAnswer } from "../../core/conversation/notify-answer.ts";
import { shownOnTrackingPage } from "../../core/conversation/shown-on-tracking-page.ts";
import type { ReportRecord } from "../../core/model.ts";
import type { CommentRecord } from "../../core/store/comments.ts";
import type { StatusComment } from "../../core/store/feedbacks.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };

const report: ReportRecord = {
  id: "r-1",
  feedbackId: "fb-1",
  orgId: "org",
  appId: "app",
  source: "api",
  report: { kind: "problem", message: "m", author: { name: "Ann", email: "ann@x.io" } },
  language: "en",
  conversation: [],
  statusId: "s-1",
  at: NOW,
};

/** Feedbacks with their comments, and the people of the organization; a reporter's comment is stored as the store would list it. */
function fakeConversation(owner?: string) {
  const fake = fakeFeedbacks(feedbackRecord({ ...(owner && { owner }) }));
  const comments: StatusComment[] = [];
  const added: CommentRecord[] = [];
  const mails: Array<{ to: string; subject: string; text: string; settingsUrl?: string }> = [];
  const claims = new Set<string>();
  const deps = {
    ...fake.deps,
    // A hash as long as the kept one: the text, padded.
    digest: (text: string) => text.padEnd(64, "0"),
    notifier: { delivers: true, send: async (m: { to: string; subject: string; text: string; settingsUrl?: string }) => void mails.push(m) },
    store: {
      ...fake.deps.store,
      findReportByStatusId: async (statusId: string) => (statusId === "s-1" ? { report, tokenHash: "token".padEnd(64, "0") } : null),
      addComment: async (c: CommentRecord) => {
        added.push(c);
        comments.push({
          id: c.id,
          text: c.text,
          userId: "userId" in c.author ? c.author.userId : "",
          ...("reportId" in c.author && { reportId: c.author.reportId }),
          visibility: c.visibility,
          statusFrom: c.status,
          statusTo: c.status,
          at: c.at,
        });
      },
      listComments: async () => comments,
      listReports: async () => [report],
      listTeam: async () => [
        { userId: "u-admin", email: "admin@x.io", role: "admin" as const, digest: false, language: "en" as const },
        { userId: "u-member", email: "member@x.io", role: "member" as const, digest: false, language: "en" as const },
        { userId: "u-french", email: "marie@x.io", role: "member" as const, digest: false, language: "fr" as const },
      ],
      // Claimed is sent, here: the notifier never fails.
      claimNotification: async (feedbackId: string, email: string, key: string) => {
        const claim = `${feedbackId} ${email} ${key}`;
        if (claims.has(claim)) return "sent" as const;
        claims.add(claim);
        return "claimed" as const;
      },
      confirmNotification: async () => {},
      releaseNotification: async () => {},
    },
  };
  return { deps, added, mails };
}

describe("the reporter's answer", () => {
  test("is a public comment by their report, with the feedback's status unchanged, and queues the team's notice with it", async () => {
    const fake = fakeConversation();
    const answered = await answerAsReporter(fake.deps, "s-1", "token", "  Landscape pages only  ");
    assert.ok(answered.ok);
    assert.deepEqual(
      fake.added.map((c) => [c.text, c.author, c.visibility, c.status, c.jobs]),
      [["Landscape pages only", { reportId: "r-1" }, "public", "triage", [{ kind: "notify_answer", orgId: "org", feedbackId: "fb-1" }]]],
    );
  });

  test("a wrong tracking token is not_found; a blank text is invalid_body", async () => {
    const fake = fakeConversation();
    assert.deepEqual(await answerAsReporter(fake.deps, "s-1", "wrong", "hello"), { ok: false, code: "not_found" });
    assert.equal((await answerAsReporter(fake.deps, "s-1", "token", " \n ")).ok, false);
    assert.equal(fake.added.length, 0);
  });

  test("tells the feedback's owner when it has one, else its Admins, once per answer", async () => {
    const owned = fakeConversation("member@x.io");
    await answerAsReporter(owned.deps, "s-1", "token", "hello");
    const job = { kind: "notify_answer" as const, orgId: "org", feedbackId: "fb-1" };
    await notifyAnswer(owned.deps, job);
    await notifyAnswer(owned.deps, job);
    assert.deepEqual(
      owned.mails.map((m) => [m.to, m.subject]),
      [["member@x.io", "Reply on ACME-1: Export to PDF gives a blank page"]],
    );
    const unowned = fakeConversation();
    await answerAsReporter(unowned.deps, "s-1", "token", "hello");
    await notifyAnswer(unowned.deps, job);
    assert.deepEqual(
      unowned.mails.map((m) => m.to),
      ["admin@x.io"],
    );
  });

  test("tells a member in the language they chose for their mail: French, with French typography", async () => {
    const owned = fakeConversation("marie@x.io");
    await answerAsReporter(owned.deps, "s-1", "token", "Seulement en paysage");
    await notifyAnswer(owned.deps, { kind: "notify_answer", orgId: "org", feedbackId: "fb-1" });
    assert.deepEqual(
      owned.mails.map((m) => [m.to, m.subject, m.text.split("\n")[0]]),
      [
        [
          "marie@x.io",
          "Réponse sur ACME-1\u202f: Export to PDF gives a blank page",
          "Ann a répondu sur ACME-1 («\u202fExport to PDF gives a blank page\u202f») depuis sa page de suivi\u202f:",
        ],
      ],
    );
  });

  test("ends, as the team's other mail does, with the link to the person's notification settings, in their language", async () => {
    const job = { kind: "notify_answer" as const, orgId: "org", feedbackId: "fb-1" };
    const english = fakeConversation("member@x.io");
    await answerAsReporter(english.deps, "s-1", "token", "hello");
    await notifyAnswer(english.deps, job);
    const french = fakeConversation("marie@x.io");
    await answerAsReporter(french.deps, "s-1", "token", "bonjour");
    await notifyAnswer(french.deps, job);
    const settingsUrl = `${english.deps.baseUrl}/account`;
    assert.deepEqual(
      [...english.mails, ...french.mails].map((m) => [m.text.split("\n").slice(-2), m.settingsUrl]),
      [
        [["", `Your notifications: ${settingsUrl}`], settingsUrl],
        [["", `Vos notifications\u202f: ${settingsUrl}`], settingsUrl],
      ],
    );
  });

  test("the tracking page shows the team's public replies and the reporter's own answers, never an internal note or another reporter's answer", () => {
    const comment = (fields: Partial<StatusComment>): StatusComment => ({
      id: "c",
      visibility: "internal",
      text: "t",
      userId: "",
      statusFrom: "triage",
      statusTo: "triage",
      at: NOW,
      ...fields,
    });
    assert.equal(shownOnTrackingPage(comment({ reportId: "r-1", visibility: "public" }), "r-1"), true);
    assert.equal(shownOnTrackingPage(comment({ reportId: "r-2", visibility: "public" }), "r-1"), false);
    assert.equal(shownOnTrackingPage(comment({ userId: "u" }), "r-1"), false);
    assert.equal(shownOnTrackingPage(comment({ userId: "u", visibility: "public" }), "r-1"), true);
  });
});

describe("add_comment", () => {
  test("adds a team comment, internal unless said public, without changing the status; a Reader is forbidden", async () => {
    const fake = fakeConversation();
    const added = await addComment(fake.deps, member, "ACME-1", { text: " Shipping Friday ", visibility: "public" });
    assert.ok(added.ok);
    await addComment(fake.deps, member, "ACME-1", { text: "Note" });
    assert.deepEqual(
      fake.added.map((c) => [c.text, c.author, c.visibility, c.status]),
      [
        ["Shipping Friday", { userId: "u" }, "public", "triage"],
        ["Note", { userId: "u" }, "internal", "triage"],
      ],
    );
    assert.deepEqual(await addComment(fake.deps, reader, "ACME-1", { text: "x" }), { ok: false, code: "forbidden" });
    assert.deepEqual(await addComment(fake.deps, member, "ACME-9", { text: "x" }), {
      ok: false,
      code: "not_found",
      refusal: { reason: "unknown_feedback", feedback: "ACME-9" },
    });
  });
});

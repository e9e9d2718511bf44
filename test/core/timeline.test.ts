import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { outreachEntries, timeline, triageEntries } from "../../core/feedback/timeline.ts";

const at = (minute: number) => Date.UTC(2026, 10, 23, 9, minute);
const iso = (minute: number) => new Date(at(minute)).toISOString();

describe("a feedback's timeline", () => {
  test("reports and status changes in order, each change with the status it reached and the comment that came with it", () => {
    const entries = timeline(
      {
        status: "fixed",
        reportList: [
          { id: "r1", source: "widget", at: iso(0), text: "Pay does nothing" },
          { id: "r2", source: "api", at: iso(5), text: "Same here" },
        ],
        comments: [
          { author: "Ann", at: iso(10), statusChange: { from: "prioritized", to: "fixed" }, text: "Fixed in 2.4.1", visibility: "internal" as const },
        ],
      },
      [
        { previousStatus: "triage", at: at(3) },
        { previousStatus: "prioritized", at: at(10) },
      ],
    );
    assert.deepEqual(
      entries.map((e) => (e.kind === "status" ? `${e.from}→${e.to}${e.comment ? ` (${e.comment.author}: ${e.comment.text})` : ""}` : e.kind)),
      ["report", "triage→prioritized", "report", "prioritized→fixed (Ann: Fixed in 2.4.1)"],
    );
  });

  test("a status change that publishing a changelog entry made names the entry; one it cannot name is left unsaid", () => {
    const entries = timeline(
      { status: "delivered", reportList: [], comments: [] },
      [
        { previousStatus: "triage", at: at(3), entryId: "gone" },
        { previousStatus: "in_development", at: at(9), entryId: "entry-1" },
      ],
      [],
      undefined,
      undefined,
      (id) => (id === "entry-1" ? { id, title: "PDF exports fixed" } : undefined),
    );
    assert.deepEqual(entries, [
      { kind: "status", at: iso(3), from: "triage", to: "in_development" },
      { kind: "status", at: iso(9), from: "in_development", to: "delivered", entry: { id: "entry-1", title: "PDF exports fixed" } },
    ]);
  });

  test("a comment that came with no change of the history stands on its own line", () => {
    const comment = { author: "Bob", at: iso(7), text: "Looking", visibility: "internal" as const };
    const entries = timeline({ status: "triage", reportList: [], comments: [comment] }, []);
    assert.deepEqual(entries, [{ kind: "comment", at: iso(7), comment }]);
  });
});

describe("a feedback's outreach in its timeline", () => {
  test("the tracker issue at its last sync, and one line per kind of notice with how many e-mails told it", () => {
    const entries = outreachEntries({ key: "#12", status: "closed", url: "https://github.test/acme/app/issues/12", syncedAt: iso(20) }, [
      { key: "delivered", sentAt: at(30) },
      { key: "delivered", sentAt: at(31) },
    ]);
    assert.deepEqual(entries, [
      { kind: "tracker", at: iso(20), key: "#12", status: "closed", url: "https://github.test/acme/app/issues/12" },
      { kind: "notified", at: iso(31), notice: "delivered", count: 2 },
    ]);
  });

  test("an e-mail is counted under what it told: an assignment or a reply is not a delivery", () => {
    const entries = outreachEntries(undefined, [
      { key: "assigned.100", sentAt: at(40) },
      { key: "reply.c1", sentAt: at(41) },
      { key: "reply.c2", sentAt: at(42) },
      { key: "answer.r1.5", sentAt: at(43) },
      { key: "mention.7.u1", sentAt: at(44) },
      { key: "deliveredish", sentAt: at(45) },
    ]);
    assert.deepEqual(
      entries.map((e) => e.kind === "notified" && [e.notice, e.count, e.at]),
      [
        ["assigned", 1, iso(40)],
        ["reply", 2, iso(42)],
        ["answer", 1, iso(43)],
        ["mention", 1, iso(44)],
        ["other", 1, iso(45)],
      ],
    );
  });

  test("a tracker never synced and nobody told add nothing", () => {
    assert.deepEqual(outreachEntries({ key: "#3", status: "open" }, []), []);
  });
});

describe("who changed a feedback, in its timeline", () => {
  test("a status change without a comment names whose change it was", () => {
    const entries = timeline(
      { status: "prioritized", reportList: [], comments: [] },
      [{ previousStatus: "triage", at: at(3), by: "u1" }],
      [],
      (id) => (id === "u1" ? { person: "Ann" } : null),
    );
    assert.deepEqual(entries, [{ kind: "status", at: iso(3), from: "triage", to: "prioritized", by: { person: "Ann" } }]);
  });

  test("a triage change names its person, its feature by path and its owner by name; a feature no longer there keeps its id, an owner without a name their e-mail", () => {
    const entries = triageEntries(
      [
        {
          id: "c1",
          feedbackId: "fb1",
          by: "u1",
          at: at(4),
          changes: [
            { field: "featureId", from: "gone", to: "f1" },
            { field: "owner", from: "cy@example.com", to: "bob@example.com" },
          ],
        },
      ],
      (id) => (id === "u1" ? { person: "Ann" } : null),
      { featureOf: (id) => (id === "f1" ? "checkout" : undefined), ownerOf: (email) => (email === "bob@example.com" ? "Bob" : undefined) },
    );
    assert.deepEqual(entries, [
      {
        kind: "triage",
        at: iso(4),
        by: { person: "Ann" },
        changes: [
          { field: "featureId", from: "gone", to: "checkout" },
          { field: "owner", from: "cy@example.com", to: "Bob" },
        ],
      },
    ]);
  });
});

describe("who wrote a comment, in its timeline", () => {
  test("a comment is named by its author where the page knows them, an API key as a key; a status change's author comes before its comment's", () => {
    const comment = { at: iso(6), text: "Shipped in 2.4", visibility: "internal" as const, author: "API key release-bot" };
    const statusComment = { ...comment, at: iso(7), statusChange: { from: "triage" as const, to: "fixed" as const } };
    const entries = timeline(
      { status: "fixed", reportList: [], comments: [comment, statusComment] },
      [{ previousStatus: "triage", at: at(7), by: "api-key:k1:release-bot" }],
      [],
      (id) => (id === "api-key:k1:release-bot" ? { apiKey: "release-bot" } : null),
      (index) => (index === 0 ? { apiKey: "release-bot" } : null),
    );
    assert.deepEqual(
      entries.map((e) => [e.kind, "by" in e ? e.by : undefined]),
      [
        ["comment", { apiKey: "release-bot" }],
        ["status", { apiKey: "release-bot" }],
      ],
    );
  });
});

describe("entries of one moment", () => {
  test("an update's triage change comes before its status change, as they were written", () => {
    const triage = triageEntries(
      [{ id: "c1", feedbackId: "fb1", by: "u1", at: at(5), changes: [{ field: "severity", from: null, to: "P1" }] }],
      () => ({ person: "Ann" }),
      { featureOf: () => undefined, ownerOf: () => undefined },
    );
    const entries = timeline(
      { status: "prioritized", reportList: [], comments: [] },
      [{ previousStatus: "triage", at: at(5), by: "u1" }],
      triage,
      () => ({ person: "Ann" }),
    );
    assert.deepEqual(
      entries.map((e) => e.kind),
      ["triage", "status"],
    );
  });
});

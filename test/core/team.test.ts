import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { JobRequest } from "../../core/feedback/events.ts";
import type { Organization } from "../../core/model.ts";
import { mentionedWords, mentionJobs, resolveMentions } from "../../core/team/mentions.ts";
import { DIGEST_HOUR_UTC, digestDay, queueDigests } from "../../core/team/queue-digests.ts";
import { assignedMessage, assignedTogetherMessage, LISTED_AT_MOST, mentionMessage } from "../../core/team/team-messages.ts";
import { type Author, authorOf } from "../../core/feedback/author.ts";
import { returnsWithin } from "../support/returns-within.ts";

const team = [
  { userId: "u-ann", email: "ann.lee@acme.test", name: "Ann Lee" },
  { userId: "u-anna", email: "anna@acme.test", name: "Anna Berg" },
  { userId: "u-bob", email: "bob@acme.test" },
  { userId: "u-bea", email: "bea@acme.test", name: "Béatrice Roy" },
];
const named = (text: string) => resolveMentions(text, team).map((m) => m.userId);

describe("mentions", () => {
  test("a mention is @ at the start or after a space or punctuation, never inside an e-mail address; the sentence's end is not part of it", () => {
    assert.deepEqual(mentionedWords("@Bob, look (@ann.lee). Mail bob@acme.test, cc @anna@acme.test!"), ["bob", "ann.lee", "anna@acme.test"]);
    assert.deepEqual(mentionedWords("no mention here: a@b.c"), []);
  });

  // Trimming a mention's end from each dot of a long run would cost the square of its length: minutes.
  test("a mention with a long run of dots inside is read in time proportional to its length", async () => {
    const word = `bob${".".repeat(300_000)}lee`;
    assert.deepEqual(await returnsWithin(new URL("../../core/team/mentions.ts", import.meta.url), "mentionedWords", [`@${word}`]), [word]);
  });

  test("a member is named by e-mail, e-mail local part, name without spaces, or first name when one member alone has it", () => {
    assert.deepEqual(named("@anna@acme.test"), ["u-anna"]);
    assert.deepEqual(named("@ann.lee"), ["u-ann"]);
    assert.deepEqual(named("@bob"), ["u-bob"]);
    assert.deepEqual(named("@AnnLee and @annaberg"), ["u-ann", "u-anna"]);
    assert.deepEqual(named("@béatrice"), ["u-bea"]);
  });

  test("a word that names nobody, or that two members share, mentions nobody; a member named twice is told once", () => {
    assert.deepEqual(named("@carol"), []);
    assert.deepEqual(named("@ann"), ["u-ann"]);
    const twoAnns = [...team, { userId: "u-ann-smith", email: "asmith@acme.test", name: "Ann Smith" }];
    assert.deepEqual(resolveMentions("@ann", twoAnns), []);
    assert.deepEqual(named("@bob and again @Bob"), ["u-bob"]);
  });

  test("a comment that mentions someone asks for the mentions job; one that does not asks for nothing", () => {
    assert.deepEqual(mentionJobs("org", "fb", "ping @bob"), [{ kind: "notify_mentions", orgId: "org", feedbackId: "fb" }]);
    assert.deepEqual(mentionJobs("org", "fb", "write to bob@acme.test"), []);
    assert.deepEqual(mentionJobs("org", "fb", undefined), []);
  });
});

describe("daily digests", () => {
  const orgs = [{ id: "o1" }, { id: "o2" }] as Organization[];
  function fakeStore() {
    const queued = new Map<string, JobRequest>();
    return {
      queued,
      store: {
        listOrganizations: async () => orgs,
        queueDigest: async (orgId: string, day: string, job: JobRequest) => {
          if (queued.has(`${orgId} ${day}`)) return false;
          queued.set(`${orgId} ${day}`, job);
          return true;
        },
      },
    };
  }

  test(`nothing is queued before ${DIGEST_HOUR_UTC}:00 UTC; from then, each organization's digest of the day once`, async () => {
    const { store, queued } = fakeStore();
    const early = Date.UTC(2026, 10, 25, DIGEST_HOUR_UTC - 1, 59);
    assert.equal(await queueDigests({ store, clock: () => early }), 0);
    const due = Date.UTC(2026, 10, 25, DIGEST_HOUR_UTC, 0);
    assert.equal(await queueDigests({ store, clock: () => due }), 2);
    assert.equal(await queueDigests({ store, clock: () => due + 60_000 }), 0);
    assert.deepEqual(queued.get("o1 2026-11-25"), { kind: "send_digest", orgId: "o1", feedbackId: "", detail: "2026-11-25" });
    assert.equal(digestDay(Date.UTC(2026, 10, 25, 23, 59)), "2026-11-25");
  });
});

const about = { key: "DEMO-7", title: "Receipts", url: "https://r.test/inbox/DEMO-7", settingsUrl: "https://r.test/account" };

describe("the assignment e-mail", () => {
  test("names who assigned: a member by name, an API key as a key, in the owner's language; no one known, someone on the team", () => {
    const first = (language: "en" | "fr", by: Author | null = null) => assignedMessage(language, { ...about, by }).text.split("\n")[0];
    assert.deepEqual(
      [first("en", { person: "Ann Lee" }), first("en", { apiKey: "release-bot" }), first("en")],
      [
        'Ann Lee assigned DEMO-7 ("Receipts") to you.',
        'The API key "release-bot" assigned DEMO-7 ("Receipts") to you.',
        'Someone on the team assigned DEMO-7 ("Receipts") to you.',
      ],
    );
    assert.equal(first("fr", { apiKey: "release-bot" }), "La clé d’API «\u202frelease-bot\u202f» vous a attribué DEMO-7 («\u202fReceipts\u202f»).");
  });

  test(`of several feedbacks, lists the first ${LISTED_AT_MOST} by key and title, then how many more, with the inbox filtered by the owner`, () => {
    const feedbacks = Array.from({ length: LISTED_AT_MOST + 2 }, (_, i) => ({
      key: `DEMO-${i + 1}`,
      title: `Title ${i + 1}`,
      url: `https://r.test/inbox/DEMO-${i + 1}`,
    }));
    const input = {
      by: { person: "Ann Lee" },
      feedbacks,
      ownerInboxUrl: "https://r.test/inbox?owner=bob%40acme.test",
      settingsUrl: about.settingsUrl,
    };
    const [en, fr] = [assignedTogetherMessage("en", input), assignedTogetherMessage("fr", input)];
    const listed = Array.from({ length: LISTED_AT_MOST }, (_, i) => [
      `- DEMO-${i + 1} Title ${i + 1}`,
      `  https://r.test/inbox/DEMO-${i + 1}`,
    ]).flat();
    assert.deepEqual(
      [en.subject, en.text.split("\n")],
      [
        `${LISTED_AT_MOST + 2} feedbacks are assigned to you`,
        [
          `Ann Lee assigned ${LISTED_AT_MOST + 2} feedbacks to you:`,
          "",
          ...listed,
          "and 2 more: https://r.test/inbox?owner=bob%40acme.test",
          "",
          "Your notifications: https://r.test/account",
        ],
      ],
    );
    assert.deepEqual(
      [fr.subject, fr.text.split("\n").filter((line) => !line.startsWith("- ") && !line.startsWith("  "))],
      [
        `${LISTED_AT_MOST + 2} retours vous sont attribués`,
        [
          `Ann Lee vous a attribué ${LISTED_AT_MOST + 2} retours\u202f:`,
          "",
          "et 2 de plus\u202f: https://r.test/inbox?owner=bob%40acme.test",
          "",
          "Vos notifications\u202f: https://r.test/account",
        ],
      ],
    );
  });
});

describe("who an author id stands for", () => {
  test("a person read for it, by name or else e-mail; else the API key it names; else no one", () => {
    assert.deepEqual(
      [
        authorOf("u1", { name: "Ann Lee", email: "ann@acme.test" }),
        authorOf("u2", { email: "bob@acme.test" }),
        authorOf("api-key:k1:release-bot", undefined),
        authorOf("u3", null),
      ],
      [{ person: "Ann Lee" }, { person: "bob@acme.test" }, { apiKey: "release-bot" }, null],
    );
  });

  test("a mention e-mail names an API key as one, in the reader's language", () => {
    const mention = (language: "en" | "fr") =>
      mentionMessage(language, { ...about, author: { apiKey: "release-bot" }, comment: "@ann look" }).subject;
    assert.deepEqual(
      [mention("en"), mention("fr")],
      [
        'The API key "release-bot" mentioned you on DEMO-7: Receipts',
        "La clé d’API «\u202frelease-bot\u202f» vous a mentionné sur DEMO-7\u202f: Receipts",
      ],
    );
  });
});

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { announceEntry, recipientsOf } from "../../core/changelog/announce-entry.ts";
import type { PortalRecord } from "../../core/store/portals.ts";
import type { Publication } from "../../core/store/publications.ts";
import { createEntry } from "../../core/changelog/create-entry.ts";
import { deleteEntry } from "../../core/changelog/delete-entry.ts";
import type { ChangelogEntryRecord } from "../../core/changelog/entry.ts";
import { entryAudience } from "../../core/changelog/entry-audience.ts";
import { entryMessage } from "../../core/changelog/entry-message.ts";
import { publication } from "../../core/changelog/publication.ts";
import { publishEntry } from "../../core/changelog/publish-entry.ts";
import { updateEntry } from "../../core/changelog/update-entry.ts";
import type { Follower } from "../../core/model.ts";
import type { ChangelogPublication } from "../../core/store/changelog.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };

const pdf = feedbackRecord({ id: "fb-1", key: "ACME-1", status: "fixed", title: "Export to PDF gives a blank page" });
const dark = feedbackRecord({ id: "fb-2", key: "ACME-2", status: "delivered", title: "Dark mode" });
const sync = feedbackRecord({
  id: "fb-3",
  key: "ACME-3",
  status: "triage",
  title: "Calendar sync",
  tracker: { key: "acme/web#7", provider: "github", status: "open" },
});

/** Another writer, met by the first publication: `meanwhile` runs just before its commit, which then reads what it changed. */
function beforeFirstCommit(fake: ReturnType<typeof fakeChangelog>, meanwhile: () => void): void {
  const publish = fake.deps.store.publishEntry;
  let first = true;
  fake.deps.store.publishEntry = async (p) => {
    if (first) {
      first = false;
      meanwhile();
    }
    return publish(p);
  };
}

/** Feedbacks and changelog entries in memory; publishing is compare-and-set on the draft and on each feedback's status. */
function fakeChangelog(...feedbacks: ReturnType<typeof feedbackRecord>[]) {
  const fake = fakeFeedbacks(...feedbacks);
  const entries = new Map<string, ChangelogEntryRecord>();
  const published: ChangelogPublication[] = [];
  const store = {
    ...fake.deps.store,
    createEntry: async (e: ChangelogEntryRecord) => void entries.set(e.id, e),
    findEntry: async (orgId: string, id: string) => (entries.get(id)?.orgId === orgId ? entries.get(id)! : null),
    listEntries: async () => [...entries.values()],
    updateEntry: async (e: ChangelogEntryRecord) => {
      if (entries.get(e.id)?.status !== e.status) return false;
      entries.set(e.id, e);
      return true;
    },
    deleteDraft: async (_orgId: string, id: string) => {
      const e = entries.get(id);
      if (!e) return "not_found" as const;
      if (e.status === "published") return "published" as const;
      entries.delete(id);
      return "deleted" as const;
    },
    publishEntry: async (p: ChangelogPublication) => {
      const stored = entries.get(p.entry.id);
      if (p.created ? stored : stored?.status !== "draft" || stored.updatedAt !== p.draftUpdatedAt) return false;
      if (!p.changes.every((c) => fake.feedbacks.get(c.feedbackId)?.status === c.from)) return false;
      for (const c of p.changes) fake.feedbacks.set(c.feedbackId, { ...fake.feedbacks.get(c.feedbackId)!, status: c.to });
      entries.set(p.entry.id, p.entry);
      published.push(p);
      return true;
    },
  };
  return { ...fake, entries, published, deps: { ...fake.deps, store } };
}

describe("publishing a changelog entry", () => {
  test("moves each linked feedback not yet delivered to delivered, with the events of any status change, and leaves the delivered one alone", () => {
    const entry = {
      id: "e-1",
      orgId: "org",
      title: "PDF export",
      body: "",
      status: "draft" as const,
      feedbackIds: ["fb-1", "fb-2"],
      createdAt: NOW,
      updatedAt: NOW,
    };
    let n = 0;
    const p = publication(entry, entry.updatedAt, [pdf, dark], NOW, { id: () => `ev-${++n}` }, "u-1");
    assert.deepEqual(p.changes, [{ feedbackId: "fb-1", from: "fixed", to: "delivered" }]);
    assert.deepEqual(
      p.events.map((e) => [e.type, e.feedbackId]),
      [
        ["feedback.status_changed", "fb-1"],
        ["feedback.shipped", "fb-1"],
        ["changelog.published", "e-1"],
      ],
    );
    assert.equal(p.entry.status, "published");
    assert.equal(p.entry.publishedAt, NOW);
  });

  test("its events are in the name of the person who published, as the feedbacks' activity tells it", () => {
    const entry = { id: "e-1", orgId: "org", title: "t", body: "", status: "draft" as const, feedbackIds: [], createdAt: NOW, updatedAt: NOW };
    const p = publication(entry, entry.updatedAt, [pdf], NOW, { id: () => "ev" }, "u-1");
    assert.deepEqual(
      p.events.map((e) => e.actorId),
      ["u-1", "u-1", "u-1"],
    );
  });

  test("queues one announcement for the entry instead of a delivered notification per feedback; a tracker issue still follows", () => {
    const entry = { id: "e-1", orgId: "org", title: "t", body: "", status: "draft" as const, feedbackIds: [], createdAt: NOW, updatedAt: NOW };
    const p = publication(entry, entry.updatedAt, [pdf, sync], NOW, { id: () => "ev" }, "u-1");
    assert.deepEqual(p.jobs, [
      { kind: "sync_tracker", orgId: "org", feedbackId: "fb-3" },
      { kind: "announce_changelog", orgId: "org", feedbackId: "e-1", detail: "u-1" },
    ]);
  });

  test("POST /v1/changelog/{id}/publish publishes a draft in one store call; publishing it again is changelog_published", async () => {
    const fake = fakeChangelog(pdf, dark);
    const created = await createEntry(fake.deps, member, { title: " PDF export fixed ", body: "It works.", feedbacks: ["acme-1", "ACME-2"] });
    assert.ok(created.ok);
    assert.deepEqual(created.value.feedbacks, ["ACME-1", "ACME-2"]);
    assert.equal(created.value.title, "PDF export fixed");
    const published = await publishEntry(fake.deps, member, { id: created.value.id });
    assert.ok(published.ok);
    assert.equal(published.value.status, "published");
    assert.equal(published.value.publishedAt, new Date(NOW).toISOString());
    assert.equal(fake.published.length, 1);
    assert.equal(fake.feedbacks.get("fb-1")?.status, "delivered");
    const again = await publishEntry(fake.deps, member, { id: created.value.id });
    assert.deepEqual(again, { ok: false, code: "changelog_published" });
  });

  test("publish_changelog_entry writes and publishes a new entry in the same commit", async () => {
    const fake = fakeChangelog(pdf);
    const published = await publishEntry(fake.deps, member, { title: "PDF export", feedbacks: ["ACME-1"] });
    assert.ok(published.ok);
    assert.equal(fake.published.length, 1);
    assert.equal(fake.published[0]!.created, true);
    assert.equal(fake.entries.size, 1);
    const untitled = await publishEntry(fake.deps, member, { body: "no title" });
    assert.equal(!untitled.ok && untitled.code, "invalid_body");
  });

  test("a feedback changed by someone else between the read and the commit is read again, and the entry still published once", async () => {
    const fake = fakeChangelog(pdf);
    const created = await createEntry(fake.deps, member, { title: "PDF", feedbacks: ["ACME-1"] });
    assert.ok(created.ok);
    beforeFirstCommit(fake, () => fake.feedbacks.set("fb-1", { ...fake.feedbacks.get("fb-1")!, status: "in_development" }));
    const published = await publishEntry(fake.deps, member, { id: created.value.id });
    assert.ok(published.ok);
    assert.deepEqual(fake.published[0]!.changes, [{ feedbackId: "fb-1", from: "in_development", to: "delivered" }]);
  });

  test("a draft saved by someone else between the read and the commit is read again: that version is published, the save not lost", async () => {
    const fake = fakeChangelog(pdf);
    const created = await createEntry(fake.deps, member, { title: "PDF", feedbacks: ["ACME-1"] });
    assert.ok(created.ok);
    beforeFirstCommit(fake, () => {
      const stored = fake.entries.get(created.value.id)!;
      fake.entries.set(stored.id, { ...stored, body: "Saved meanwhile", updatedAt: stored.updatedAt + 1 });
    });
    const published = await publishEntry(fake.deps, member, { id: created.value.id });
    assert.ok(published.ok);
    assert.deepEqual(
      [published.value.body, fake.published.length, fake.entries.get(created.value.id)?.body],
      ["Saved meanwhile", 1, "Saved meanwhile"],
    );
  });
});

describe("changelog entries", () => {
  test("a Reader may neither write nor read the team's changelog (forbidden)", async () => {
    const fake = fakeChangelog(pdf);
    assert.deepEqual(await createEntry(fake.deps, reader, { title: "x" }), { ok: false, code: "forbidden" });
    assert.deepEqual(await deleteEntry(fake.deps, reader, "e"), { ok: false, code: "forbidden" });
  });

  test("an unknown feedback key refuses the entry, naming the field", async () => {
    const fake = fakeChangelog(pdf);
    const refused = await createEntry(fake.deps, member, { title: "x", feedbacks: ["ACME-1", "ACME-99"] });
    assert.deepEqual(refused, { ok: false, code: "invalid_body", problem: { field: "feedbacks", reason: "unknown_feedback", given: "ACME-99" } });
  });

  test("each save of an entry is a version of its own, even in the same millisecond: its updatedAt follows the last", async () => {
    const fake = fakeChangelog(pdf);
    const draft = await createEntry(fake.deps, member, { title: "draft" });
    assert.ok(draft.ok);
    const first = await updateEntry(fake.deps, member, draft.value.id, { title: "first" });
    const second = await updateEntry(fake.deps, member, draft.value.id, { title: "second" });
    assert.ok(first.ok && second.ok);
    assert.deepEqual([draft.value.updatedAt < first.value.updatedAt, first.value.updatedAt < second.value.updatedAt], [true, true]);
  });

  test("a draft is deleted; a published entry never is (changelog_published), nor does it ship other feedbacks", async () => {
    const fake = fakeChangelog(pdf, dark);
    const draft = await createEntry(fake.deps, member, { title: "draft" });
    assert.ok(draft.ok);
    assert.deepEqual(await deleteEntry(fake.deps, member, draft.value.id), { ok: true, value: { deleted: true } });
    assert.deepEqual(await deleteEntry(fake.deps, member, draft.value.id), {
      ok: false,
      code: "not_found",
      missing: { resource: "changelog_entry", id: draft.value.id },
    });
    const shipped = await publishEntry(fake.deps, member, { title: "shipped", feedbacks: ["ACME-1"] });
    assert.ok(shipped.ok);
    assert.deepEqual(await deleteEntry(fake.deps, member, shipped.value.id), { ok: false, code: "changelog_published" });
    assert.deepEqual(await updateEntry(fake.deps, member, shipped.value.id, { feedbacks: ["ACME-2"] }), { ok: false, code: "changelog_published" });
    const corrected = await updateEntry(fake.deps, member, shipped.value.id, { title: "Shipped, spelled right" });
    assert.equal(corrected.ok && corrected.value.title, "Shipped, spelled right");
  });
});

/** A Markdown port that shows what it was given, so a message can be seen to carry each rendering where it belongs. */
const PLAIN_MARKDOWN = { text: (md: string) => `prose of ${md}`, html: (md: string) => `<p>html of ${md}</p>` };
const NO_BODY = { text: "", html: "" };

describe("the announcement", () => {
  const follower = (feedbackId: string, email: string, fields: Partial<Follower> = {}): Follower => ({
    feedbackId,
    email,
    language: "en",
    ...fields,
  });

  test("names each person once, with every feedback of the entry they follow", () => {
    const people = recipientsOf([
      { feedback: pdf, followers: [follower("fb-1", "ann@x.io", { name: "Ann" }), follower("fb-1", "bea@x.io", { language: "fr" })] },
      { feedback: sync, followers: [follower("fb-3", "ann@x.io", { trackingSealed: "sealed:https://t" })] },
    ]);
    assert.deepEqual(
      people.map((p) => [p.email, p.name, p.language, p.trackingSealed, p.feedbacks.map((f) => f.key)]),
      [
        ["ann@x.io", "Ann", "en", "sealed:https://t", ["ACME-1", "ACME-3"]],
        ["bea@x.io", undefined, "fr", undefined, ["ACME-1"]],
      ],
    );
  });

  test("the audience of an entry is the people its announcement would go to, each counted once; a key naming no feedback counts no one; a Reader is refused", async () => {
    const fake = fakeChangelog(pdf, sync);
    const followers = [follower("fb-1", "ann@x.io"), follower("fb-1", "bea@x.io"), follower("fb-3", "ann@x.io")];
    const deps = {
      ...fake.deps,
      store: { ...fake.deps.store, listFollowersOf: async (ids: readonly string[]) => followers.filter((f) => ids.includes(f.feedbackId)) },
    };
    assert.deepEqual(await entryAudience(deps, member, ["ACME-1", "acme-3", "ACME-99"]), { ok: true, value: 2 });
    assert.deepEqual(await entryAudience(deps, member, ["ACME-3"]), { ok: true, value: 1 });
    assert.deepEqual(await entryAudience(deps, member, []), { ok: true, value: 0 });
    assert.equal((await entryAudience(deps, reader, ["ACME-1"])).ok, false);
  });

  test("the member who publishes is not told of their own entry, nor counted among those it e-mails", async () => {
    const fake = fakeChangelog(pdf, sync);
    const followers = [follower("fb-1", "me@x.io"), follower("fb-1", "bea@x.io")];
    const store = {
      ...fake.deps.store,
      listFollowersOf: async (ids: readonly string[]) => followers.filter((f) => ids.includes(f.feedbackId)),
      findUser: async (id: string) => (id === member.userId ? { id, email: "me@x.io" } : null),
    };
    assert.deepEqual(await entryAudience({ ...fake.deps, store }, member, ["ACME-1"]), { ok: true, value: 1 });
    const shipped = await publishEntry({ ...fake.deps, store }, member, { title: "Exports", body: "", feedbacks: ["ACME-1"] });
    assert.ok(shipped.ok);
    const job = fake.published.at(-1)!.jobs.find((j) => j.kind === "announce_changelog")!;
    const sent: string[] = [];
    const deps = {
      ...fake.deps,
      notifier: { delivers: true, send: async (m: { to: string }) => void sent.push(m.to) },
      secrets: { seal: async (t: string) => t, open: async (t: string) => t },
      markdown: PLAIN_MARKDOWN,
      store: {
        ...store,
        findPortal: async () => null,
        findPublications: async () => new Map(),
        listMerges: async () => [],
        listMembers: async () => [],
        claimNotification: async () => "claimed" as const,
        confirmNotification: async () => {},
        releaseNotification: async () => {},
      },
    };
    await announceEntry(deps as unknown as Parameters<typeof announceEntry>[0], job);
    assert.deepEqual(sent, ["bea@x.io"]);
  });

  /**
   * An entry shipping ACME-1 and ACME-3, whose followers are told by a mail server that never fails;
   * `claims` are the notifications sent, `published` the public titles of those on the portal (at /p/acme).
   */
  async function announcing(claims = new Set<string>(), published: Record<string, string> = {}) {
    const fake = fakeChangelog(pdf, sync);
    const shipped = await publishEntry(fake.deps, member, {
      title: "Exports and sync",
      body: "**Faster** now.",
      feedbacks: ["ACME-1", "ACME-3"],
    });
    assert.ok(shipped.ok);
    const followers = [follower("fb-1", "ann@x.io", { name: "Ann" }), follower("fb-3", "ann@x.io"), follower("fb-3", "bea@x.io", { language: "fr" })];
    const sent: Array<{ to: string; subject: string; text: string; html?: string; unsubscribeUrl?: string; senderName?: string }> = [];
    const deps = {
      ...fake.deps,
      notifier: { delivers: true, send: async (m: (typeof sent)[number]) => void sent.push(m) },
      secrets: { seal: async (t: string) => t, open: async (t: string) => t },
      markdown: PLAIN_MARKDOWN,
      store: {
        ...fake.deps.store,
        listFollowersOf: async (ids: readonly string[]) => followers.filter((f) => ids.includes(f.feedbackId)),
        findPortal: async () => ({ slug: "acme", enabled: true }) as PortalRecord,
        listMerges: async () => [],
        listMembers: async () => [],
        findPublications: async (ids: readonly string[]) =>
          new Map(ids.flatMap((id) => (published[id] ? [[id, { feedbackId: id, title: published[id]! } as Publication] as const] : []))),
        // Claimed is sent, here: the notifier never fails.
        claimNotification: async (subjectId: string, email: string, key: string) => {
          const claim = `${subjectId} ${email} ${key}`;
          if (claims.has(claim)) return "sent" as const;
          claims.add(claim);
          return "claimed" as const;
        },
        confirmNotification: async () => {},
        releaseNotification: async () => {},
      },
    };
    const announce = () => announceEntry(deps, { kind: "announce_changelog", orgId: "org", feedbackId: shipped.value.id });
    return { announce, entryId: shipped.value.id, sent, claims };
  }

  test("goes out under the organization's name, which its customers know, while its portal has no title of its own", async () => {
    const { announce, sent } = await announcing();
    await announce();
    assert.deepEqual(
      sent.map((m) => m.senderName),
      ["Acme", "Acme"],
    );
  });

  test("sends one message per person, in their language, with an unsubscribe link per feedback they follow; running again sends nothing", async () => {
    const { announce, sent, claims } = await announcing();
    await announce();
    await announce();
    assert.deepEqual(
      sent.map((m) => [m.to, m.subject]),
      [
        ["ann@x.io", '"Exports and sync" has shipped'],
        ["bea@x.io", "«\u202fExports and sync\u202f» est disponible"],
      ],
    );
    assert.match(sent[0]!.text, /^Hello Ann,/);
    assert.equal(sent[0]!.text.match(/Stop receiving news about ACME-\d: https:\/\/retour\.test\/unsubscribe\?/g)?.length, 2);
    // The announcement stands for the delivered message of each feedback it covers.
    assert.ok(claims.has("fb-1 ann@x.io delivered") && claims.has("fb-3 ann@x.io delivered") && claims.has("fb-3 bea@x.io delivered"));
  });

  test("the entry's body is told as the Markdown port renders it: as prose in the text, as HTML in the HTML alternative", async () => {
    const { announce, sent } = await announcing();
    await announce();
    const ann = sent.find((m) => m.to === "ann@x.io")!;
    assert.match(ann.text, /^prose of \*\*Faster\*\* now\.$/m);
    assert.match(ann.html!, /<div><p>html of \*\*Faster\*\* now\.<\/p><\/div>/);
  });

  test("a feedback published on the portal is named by its public title, with its page there: the team's title stays the team's", async () => {
    const { announce, sent } = await announcing(new Set(), { "fb-1": "Faster PDF exports" });
    await announce();
    const ann = sent.find((m) => m.to === "ann@x.io")!.text;
    assert.match(ann, /- ACME-1: Faster PDF exports\n {2}https:\/\/retour\.test\/p\/acme\/ACME-1\n/);
    assert.doesNotMatch(ann, /Export to PDF gives a blank page/);
  });

  test("a feedback not published is named by its key to a follower who did not write the report its title was drawn from", async () => {
    const { announce, sent } = await announcing();
    await announce();
    const ann = sent.find((m) => m.to === "ann@x.io")!.text;
    assert.match(ann, /^- ACME-1$/m);
    assert.doesNotMatch(ann, /Export to PDF gives a blank page|Calendar sync/);
  });

  test("an announcement sent before a crash kept its delivered notices from being recorded is not sent again, and records them", async () => {
    const claims = new Set<string>();
    const { announce, entryId, sent } = await announcing(claims);
    claims.add(`${entryId} ann@x.io changelog`);
    await announce();
    assert.deepEqual(
      sent.map((m) => m.to),
      ["bea@x.io"],
    );
    assert.ok(claims.has("fb-1 ann@x.io delivered") && claims.has("fb-3 ann@x.io delivered"));
  });

  test("a feedback whose title is not theirs to read is listed as their report to a follower who reported it", () => {
    const followed = [{ key: "ACME-1", title: null, reporter: true, unsubscribeUrl: "https://u" }];
    assert.match(entryMessage("en", { title: "Export", body: NO_BODY, followed }).text, /^- ACME-1: your report$/m);
    assert.match(entryMessage("fr", { title: "Export", body: NO_BODY, followed }).text, /^- ACME-1\u202f: votre signalement$/m);
  });

  test("the French message puts a narrow no-break space before its colons", () => {
    const words = entryMessage("fr", {
      title: "Export",
      body: NO_BODY,
      followed: [{ key: "ACME-1", title: "PDF", reporter: true, unsubscribeUrl: "https://u" }],
    });
    assert.ok(!/ :/.test(words.text));
  });

  test("the subject quotes the entry's title and stacks no colon of its own before one the title holds", () => {
    const subject = (language: "en" | "fr") =>
      entryMessage(language, {
        title: "Invoices: PDF export",
        body: NO_BODY,
        followed: [{ key: "ACME-1", title: "PDF", reporter: true, unsubscribeUrl: "https://u" }],
      }).subject;
    assert.equal(subject("en"), '"Invoices: PDF export" has shipped');
    assert.equal(subject("fr"), "«\u202fInvoices: PDF export\u202f» est disponible");
  });

  test("the HTML alternative escapes every text but the body: a name or a title holding markup reads as written", () => {
    const { html } = entryMessage("en", {
      name: "<Ann>",
      title: "Fix <b> & co",
      body: NO_BODY,
      followed: [{ key: "ACME-1", title: "<i>PDF</i>", reporter: false, unsubscribeUrl: "https://u.io/?f=1&e=2" }],
    });
    assert.match(html, /Hello &lt;Ann&gt;,/);
    assert.match(html, /&quot;Fix &lt;b&gt; &amp; co&quot;/);
    assert.match(html, /<li>ACME-1: &lt;i&gt;PDF&lt;\/i&gt;<\/li>/);
    assert.match(html, /href="https:\/\/u\.io\/\?f=1&amp;e=2"/);
    assert.doesNotMatch(html, /<b>|<i>|<Ann>/);
  });

  test("the HTML alternative links each feedback to its page on the portal, the tracking page, and each link that stops a feedback's news", () => {
    const { html } = entryMessage("en", {
      title: "Export",
      body: NO_BODY,
      trackingUrl: "https://r.io/s/t",
      followed: [
        { key: "ACME-1", title: "PDF", reporter: false, page: "https://r.io/p/acme/ACME-1", unsubscribeUrl: "https://r.io/u1" },
        { key: "ACME-2", title: null, reporter: false, unsubscribeUrl: "https://r.io/u2" },
      ],
    });
    assert.match(html, /<li><a href="https:\/\/r\.io\/p\/acme\/ACME-1">ACME-1: PDF<\/a><\/li><li>ACME-2<\/li>/);
    assert.match(html, /<a href="https:\/\/r\.io\/s\/t">Follow your report<\/a>/);
    assert.match(
      html,
      /<a href="https:\/\/r\.io\/u1">Stop receiving news about ACME-1<\/a><br><a href="https:\/\/r\.io\/u2">Stop receiving news about ACME-2<\/a>/,
    );
  });

  test("the HTML alternative is in the person's language, as the text is", () => {
    const { html } = entryMessage("fr", {
      name: "Bea",
      title: "Export",
      body: NO_BODY,
      trackingUrl: "https://r.io/s/t",
      followed: [{ key: "ACME-1", title: "PDF", reporter: false, unsubscribeUrl: "https://r.io/u1" }],
    });
    assert.match(html, /<html lang="fr">/);
    assert.match(html, /<title>«\u202fExport\u202f» est disponible<\/title>/);
    assert.match(html, /<p>Bonjour Bea,<\/p>\n<p>Ce que vous attendiez est livré\u202f: «\u202fExport\u202f»\.<\/p>/);
    assert.match(html, /<li>ACME-1\u202f: PDF<\/li>/);
    assert.match(html, />Suivre votre signalement<\/a>/);
    assert.match(html, />Ne plus recevoir de nouvelles de ACME-1<\/a>/);
  });
});

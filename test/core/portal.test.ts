import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { addComment } from "../../core/feedback/add-comment.ts";
import type { DomainEvent } from "../../core/feedback/events.ts";
import { getPortal } from "../../core/portal/get-portal.ts";
import { publicComments, toPublicFeedback } from "../../core/portal/public-view.ts";
import { publishFeedback } from "../../core/portal/publish-feedback.ts";
import { rejectHeldComment } from "../../core/portal/reject-held-comment.ts";
import { setPortal } from "../../core/portal/set-portal.ts";
import { statusLabel } from "../../core/portal/status-labels.ts";
import type { CommentRecord } from "../../core/store/comments.ts";
import type { PortalChanges, PortalRecord } from "../../core/store/portals.ts";
import type { Publication } from "../../core/store/publications.ts";
import { eventBody } from "../../core/webhooks/event-body.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { tokenGrant } from "./fake-organization.ts";

const admin = { ...tokenGrant("admin", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const member = { ...admin, role: "member" as const };
const reader = { ...admin, role: "reader" as const };

/** The fake feedbacks, with a portal and publications kept in memory. */
function portalFake(options: { slugTaken?: boolean } = {}) {
  const fake = fakeFeedbacks(
    feedbackRecord({ severity: "P1", owner: "owner@acme.test", summary: "Ann Lee reports blank PDFs", observed: "blank", expected: "a PDF" }),
  );
  const portals = new Map<string, PortalRecord>();
  const publications = new Map<string, Publication>();
  const comments: Array<{ comment: CommentRecord; events: readonly DomainEvent[] }> = [];
  const store = {
    ...fake.deps.store,
    findPortal: async (orgId: string) => portals.get(orgId) ?? null,
    savePortal: async (changes: PortalChanges, defaults: PortalRecord) => {
      if (options.slugTaken) return null;
      const saved = { ...(portals.get(defaults.orgId) ?? defaults), ...changes };
      portals.set(saved.orgId, saved);
      return saved;
    },
    publish: async (p: Publication) => void publications.set(p.feedbackId, p),
    findPublications: async (ids: readonly string[]) =>
      new Map(ids.flatMap((id) => (publications.has(id) ? [[id, publications.get(id)!] as const] : []))),
    addComment: async (comment: CommentRecord) => void comments.push({ comment, events: comment.events }),
  };
  // A box whose key opens only what it sealed itself: text sealed under another key does not open.
  const secrets = {
    seal: async (text: string) => `sealed:${text}`,
    open: async (sealed: string) => (sealed.startsWith("sealed:") ? sealed.slice("sealed:".length) : Promise.reject(new Error("another key"))),
  };
  return { ...fake, portals, publications, comments, deps: { ...fake.deps, store, secrets } };
}

describe("portal settings", () => {
  test("before an Admin sets it, the portal is off, at the key prefix in lower case, with posts reviewed and no indexing", async () => {
    const fake = portalFake();
    const read = await getPortal(fake.deps, admin);
    assert.deepEqual(read.ok && read.value, {
      enabled: false,
      slug: "acme",
      title: "Acme",
      posting: "review",
      indexing: false,
      statusLabels: {},
      brandColor: null,
      ssoSecretSet: false,
      ssoSecretLost: false,
      signInUrl: null,
      url: "https://retour.test/p/acme",
    });
  });

  test("an SSO secret that opens is set; one sealed under a key the service no longer has is lost, and not set", async () => {
    const fake = portalFake();
    await setPortal(fake.deps, admin, { enabled: true });
    const sso = async (sealed: string) => {
      fake.portals.set("org", { ...fake.portals.get("org")!, ssoSecretSealed: sealed });
      const read = await getPortal(fake.deps, admin);
      return read.ok && { set: read.value.ssoSecretSet, lost: read.value.ssoSecretLost };
    };
    assert.deepEqual(await sso("sealed:psso_1"), { set: true, lost: false });
    assert.deepEqual(await sso("v1.under-another-key"), { set: false, lost: true });
  });

  test("only an Admin changes it; blank labels go back to the default; a slug taken elsewhere is slug_taken", async () => {
    const fake = portalFake();
    assert.deepEqual(await setPortal(fake.deps, member, { enabled: true }), { ok: false, code: "forbidden" });
    const set = await setPortal(fake.deps, admin, { enabled: true, statusLabels: { triage: "  New  ", fixed: " " }, brandColor: "#ABCDEF" });
    assert.equal(set.ok, true);
    assert.deepEqual(fake.portals.get("org")?.statusLabels, { triage: "New" });
    assert.equal(fake.portals.get("org")?.brandColor, "#abcdef");
    assert.deepEqual(await setPortal(portalFake({ slugTaken: true }).deps, admin, { slug: "taken" }), { ok: false, code: "slug_taken" });
  });

  test("the organization's sign-in address is kept as given, and one no browser could open is invalid_body naming signInUrl, nothing written", async () => {
    const fake = portalFake();
    assert.equal((await setPortal(fake.deps, admin, { signInUrl: "https://app.acme.example/login" })).ok, true);
    assert.equal(fake.portals.get("org")?.signInUrl, "https://app.acme.example/login");
    const refused = await setPortal(fake.deps, admin, { signInUrl: "https://%%/login" });
    assert.deepEqual(!refused.ok && [refused.code, refused.problem?.field], ["invalid_body", "signInUrl"]);
    assert.equal(fake.portals.get("org")?.signInUrl, "https://app.acme.example/login");
  });

  test("the labels read are of the statuses there are: one kept for another name, before such names were refused, is not read back", async () => {
    const fake = portalFake();
    await setPortal(fake.deps, admin, { statusLabels: { triage: "New" } });
    const kept = fake.portals.get("org")!;
    fake.portals.set("org", { ...kept, statusLabels: { ...kept.statusLabels, shipped: "Out" } as PortalRecord["statusLabels"] });
    const read = await getPortal(fake.deps, admin);
    assert.deepEqual(read.ok && read.value.statusLabels, { triage: "New" });
  });

  test("a status's public label is the team's, else the default in the reader's language", () => {
    const portal = { statusLabels: { prioritized: "Next up" } };
    assert.equal(statusLabel(portal, "prioritized", "fr"), "Next up");
    assert.equal(statusLabel(portal, "in_development", "en"), "In progress");
    assert.equal(statusLabel(portal, "delivered", "fr"), "Livré");
    assert.equal(statusLabel(portal, "triage", "fr"), "À l’étude");
  });

  test("a title or a status label holding text-direction or other control characters (U+202E) is refused: invalid_body, reordering, naming it", async () => {
    const fake = portalFake();
    assert.deepEqual(await setPortal(fake.deps, admin, { title: "Acme \u202Eroadmap" }), {
      ok: false,
      code: "invalid_body",
      problem: { field: "title", reason: "reordering" },
    });
    assert.deepEqual(await setPortal(fake.deps, admin, { statusLabels: { fixed: "Fixed\u0007" } }), {
      ok: false,
      code: "invalid_body",
      problem: { field: "statusLabels.fixed", reason: "reordering" },
    });
    const read = await getPortal(fake.deps, admin);
    assert.deepEqual(read.ok && [read.value.title, read.value.statusLabels], ["Acme", {}]);
  });
});

describe("publishing", () => {
  test("a Reader may not publish", async () => {
    assert.deepEqual(await publishFeedback(portalFake().deps, reader, "ACME-1", {}), { ok: false, code: "forbidden" });
  });

  test("the public title is the title unless given; the public words are those of the key, public title and description alone", async () => {
    const fake = portalFake();
    await publishFeedback(fake.deps, member, "ACME-1", { description: "Exports come out blank." });
    const first = fake.publications.get("fb-1")!;
    assert.equal(first.title, "Export to PDF gives a blank page");
    assert.equal(first.words, "acme 1 export to pdf gives a blank page exports come out");
    await publishFeedback(fake.deps, member, "ACME-1", { title: "Blank PDF exports" });
    const second = fake.publications.get("fb-1")!;
    assert.deepEqual([second.title, second.description, second.publishedAt], ["Blank PDF exports", "Exports come out blank.", first.publishedAt]);
    assert.doesNotMatch(second.words, /ann|lee|owner/);
  });
});

describe("comments", () => {
  test("a public comment sends comment.created with it; an internal one sends nothing", async () => {
    const fake = portalFake();
    await addComment(fake.deps, member, "ACME-1", { text: " Shipping Monday ", visibility: "public" });
    await addComment(fake.deps, member, "ACME-1", { text: "ask Ann", visibility: "internal" });
    const [shown, internal] = fake.comments;
    assert.equal(shown?.comment.text, "Shipping Monday");
    assert.deepEqual(
      shown?.events.map((e) => [e.type, "relatedId" in e && e.relatedId]),
      [["comment.created", shown?.comment.id]],
    );
    assert.deepEqual(internal?.events, []);
    assert.deepEqual(await addComment(fake.deps, reader, "ACME-1", { text: "x", visibility: "public" }), { ok: false, code: "forbidden" });
  });

  test("comment.created's body carries the comment's text, visibility and time", () => {
    const body = JSON.parse(
      eventBody(
        { id: "e1", orgId: "org", feedbackId: "fb-1", type: "comment.created", previousStatus: null, relatedId: "c1", createdAt: 0 },
        { key: "ACME-1" } as never,
        null,
        { id: "c1", text: "Shipping Monday", visibility: "public", at: 0 },
      ),
    );
    assert.deepEqual(body.data.comment, { id: "c1", text: "Shipping Monday", visibility: "public", at: "1970-01-01T00:00:00.000Z" });
  });
});

describe("the public view", () => {
  test("is built from public fields alone: no severity, owner, summary, report or internal comment reaches it", () => {
    const feedback = feedbackRecord({ severity: "P0", owner: "owner@acme.test", summary: "Ann Lee's summary", observed: "seen", expected: "hoped" });
    const publication: Publication = { feedbackId: feedback.id, orgId: "org", title: "Blank PDFs", description: null, publishedAt: 1, words: "" };
    const portal: PortalRecord = {
      orgId: "org",
      enabled: true,
      slug: "acme",
      title: "Acme",
      posting: "review",
      indexing: false,
      statusLabels: {},
      brandColor: null,
      signInUrl: null,
      changedAt: 1,
      ssoSecretSealed: "sealed",
    };
    const comments = publicComments(
      [
        { id: "c1", text: "internal note", userId: "u1", statusFrom: "triage", statusTo: "triage", at: 1, visibility: "internal" },
        { id: "c2", text: "public reply", userId: "u2", statusFrom: "triage", statusTo: "triage", at: 2, visibility: "public" },
      ],
      new Map([["u2", undefined]]),
    );
    const shown = toPublicFeedback(
      { feedback, publication },
      { portal, language: "en", baseUrl: "https://r.test", app: { id: "app", name: "Acme web" }, votes: 0 },
      comments,
    );
    assert.deepEqual(Object.keys(shown).sort(), [
      "app",
      "comments",
      "createdAt",
      "key",
      "kind",
      "publicTitle",
      "status",
      "statusLabel",
      "url",
      "votes",
    ]);
    assert.deepEqual(shown.comments, [{ team: true, at: "1970-01-01T00:00:00.002Z", text: "public reply" }]);
    assert.doesNotMatch(JSON.stringify(shown), /P0|owner@acme|Ann Lee|seen|hoped|sealed|internal note|Export to PDF/);
  });

  test("a public comment says whether the team wrote it; a portal person's shows the name they gave, a reporter's answer none, never an e-mail", () => {
    const base = { statusFrom: "triage" as const, statusTo: "triage" as const, visibility: "public" as const };
    const shown = publicComments(
      [
        { ...base, id: "c1", text: "team", userId: "u1", at: 1 },
        { ...base, id: "c2", text: "reporter", userId: "", reportId: "r1", at: 2 },
        { ...base, id: "c3", text: "person", userId: "", person: { email: "ana@customer.example", name: "Ana" }, at: 3 },
        { ...base, id: "c4", text: "nameless", userId: "", person: { email: "bo@customer.example" }, at: 4 },
        { ...base, id: "c5", text: "held", userId: "", person: { email: "cy@customer.example" }, at: 5, visibility: "internal" },
      ],
      new Map([["u1", "Lena"]]),
    );
    assert.deepEqual(
      shown.map((c) => [c.text, c.author, c.team]),
      [
        ["team", "Lena", true],
        ["reporter", undefined, false],
        ["person", "Ana", false],
        ["nameless", undefined, false],
      ],
    );
    assert.doesNotMatch(JSON.stringify(shown), /@customer/);
  });
});

/** The fake feedbacks with a second one, and comments kept as the stores keep them: held ones deleted only from their own feedback. */
function moderationFake() {
  const fake = fakeFeedbacks(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2" }));
  const person = { email: "ana@customer.example", name: "Ana" };
  const comments = [
    { id: "held", feedbackId: "fb-1", visibility: "internal", person },
    { id: "shown", feedbackId: "fb-1", visibility: "public", person },
    { id: "team", feedbackId: "fb-1", visibility: "internal" },
    { id: "elsewhere", feedbackId: "fb-2", visibility: "public", person },
  ];
  const store = {
    ...fake.deps.store,
    deleteHeldComment: async (feedbackId: string, commentId: string) => {
      const at = comments.findIndex((c) => c.id === commentId && c.feedbackId === feedbackId && c.visibility === "internal" && c.person);
      if (at >= 0) comments.splice(at, 1);
      return at >= 0;
    },
    findComment: async (commentId: string) => {
      const c = comments.find((c) => c.id === commentId);
      return c ? { id: c.id, orgId: "org", feedbackId: c.feedbackId, text: "…", visibility: c.visibility as "internal" | "public", at: 0 } : null;
    },
  };
  return { comments: () => comments.map((c) => c.id), deps: { ...fake.deps, store } };
}

describe("rejecting a comment held for review", () => {
  test("a Member rejects a portal person's held comment: it is deleted for good, and the answer names the feedback", async () => {
    const fake = moderationFake();
    assert.deepEqual(await rejectHeldComment(fake.deps, member, "acme-1", "held"), { ok: true, value: { key: "ACME-1" } });
    assert.deepEqual(fake.comments(), ["shown", "team", "elsewhere"]);
  });

  test("a Reader may not reject a held comment (forbidden), and it stays", async () => {
    const fake = moderationFake();
    assert.deepEqual(await rejectHeldComment(fake.deps, reader, "ACME-1", "held"), { ok: false, code: "forbidden" });
    assert.deepEqual(fake.comments(), ["held", "shown", "team", "elsewhere"]);
  });

  test("a comment already on the portal is refused with comment_published, and stays", async () => {
    const fake = moderationFake();
    assert.deepEqual(await rejectHeldComment(fake.deps, member, "ACME-1", "shown"), { ok: false, code: "comment_published" });
    assert.deepEqual(fake.comments(), ["held", "shown", "team", "elsewhere"]);
  });

  test("a team member's comment, another feedback's (public there), a rejected one or none are not_found; an unknown feedback names its key", async () => {
    const fake = moderationFake();
    for (const id of ["team", "elsewhere", "none"])
      assert.deepEqual(await rejectHeldComment(fake.deps, member, "ACME-1", id), { ok: false, code: "not_found" }, id);
    await rejectHeldComment(fake.deps, member, "ACME-1", "held");
    assert.deepEqual(await rejectHeldComment(fake.deps, member, "ACME-1", "held"), { ok: false, code: "not_found" });
    const unknown = await rejectHeldComment(fake.deps, member, "ACME-9", "held");
    assert.deepEqual(!unknown.ok && [unknown.code, unknown.refusal], ["not_found", { reason: "unknown_feedback", feedback: "ACME-9" }]);
    assert.deepEqual(fake.comments(), ["shown", "team", "elsewhere"]);
  });
});

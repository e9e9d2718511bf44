import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { apiKeyAuthor, apiKeyGrant } from "../../core/api-keys/api-key-grant.ts";
import { authorize } from "../../core/authorization.ts";
import type { FeedbackRecord } from "../../core/model.ts";
import type { DecidedOn, TagRecord, TriageFields } from "../../core/store/triage.ts";
import type { JobRequest } from "../../core/feedback/events.ts";
import type { TriageAuthor } from "../../core/triage/journal.ts";
import type { CommentRecord } from "../../core/store/comments.ts";
import { bulkNote } from "../../core/triage/bulk-note.ts";
import { bulkUpdate } from "../../core/triage/bulk-update.ts";
import { stillAsDecided } from "../../core/triage/decided-on.ts";
import { resolveTags, retag } from "../../core/triage/tag-names.ts";
import { updateFeedback } from "../../core/triage/update-feedback.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

const member = { ...tokenGrant("member", ["feedbacks:read", "feedbacks:write"]), orgId: "org" };
const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };

/** The fake feedbacks, with an organization of two members (ann, bob), a feature of the app, and tags written as a store would. */
function triage(...records: FeedbackRecord[]) {
  const fake = fakeFeedbacks(...(records.length ? records : [feedbackRecord()]));
  const tags: TagRecord[] = [{ name: "Billing", createdAt: NOW - 1 }];
  const writes: Array<{ fields: TriageFields; created: readonly TagRecord[]; jobs: readonly JobRequest[] }> = [];
  /** Runs once, as another person's change landing between this update's read and its write. */
  const meanwhile: Array<() => void> = [];
  const users = [
    { id: "u-ann", email: "ann@acme.test" },
    { id: "u-eve", email: "eve@elsewhere.test" },
  ];
  const store = {
    ...fake.deps.store,
    setTriageFields: async (
      _orgId: string,
      feedbackId: string,
      fields: TriageFields,
      created: readonly TagRecord[],
      jobs: readonly JobRequest[],
      _at: number,
      _author?: TriageAuthor,
      decidedOn?: DecidedOn,
    ) => {
      meanwhile.shift()?.();
      const current = fake.feedbacks.get(feedbackId);
      if (!current || current.mergedInto || !stillAsDecided(current, decidedOn)) return false;
      const next = Object.fromEntries(Object.entries({ ...current, ...fields }).filter(([, v]) => v !== null));
      fake.feedbacks.set(feedbackId, next as unknown as FeedbackRecord);
      tags.push(...created);
      writes.push({ fields, created, jobs });
      return true;
    },
    listTags: async () => [...tags],
    // The bulk changes here assign no one: no e-mail waits for them.
    hastenJob: async () => {},
    findUserByEmail: async (email: string) => users.find((u) => u.email === email) ?? null,
    listMembers: async () => [{ userId: "u-ann", email: "ann@acme.test", role: "member" as const }],
    findFeature: async (_orgId: string, id: string) =>
      id === "feat-checkout" ? { id, orgId: "org", appId: "app", name: "Checkout", path: "shop/checkout" } : null,
  };
  return { ...fake, tags, writes, meanwhile, deps: { ...fake.deps, store } };
}

describe("updateFeedback", () => {
  test("the triage fields are written and emit no event: owner normalized, due date at midnight UTC, severity, kind, feature, title", async () => {
    const fake = triage();
    const updated = await updateFeedback(fake.deps, member, "ACME-1", {
      owner: " Ann@Acme.test ",
      dueAt: "2026-12-01",
      severity: "P1",
      kind: "idea",
      featureId: "feat-checkout",
      title: "  PDF export is blank  ",
    });
    assert.ok(updated.ok);
    assert.deepEqual(fake.writes[0]?.fields, {
      owner: "ann@acme.test",
      dueAt: Date.UTC(2026, 11, 1),
      featureId: "feat-checkout",
      severity: "P1",
      kind: "idea",
      title: "PDF export is blank",
    });
    assert.equal(updated.value.owner, "ann@acme.test");
    assert.equal(updated.value.dueAt, "2026-12-01T00:00:00.000Z");
    assert.deepEqual(fake.changes, []);
  });

  test("a due date on no calendar (30 February, 31 April) is invalid_body naming dueAt, where it would have moved to March or May; 29 February of a leap year is kept", async () => {
    const fake = triage();
    for (const dueAt of ["2026-02-30", "2026-04-31T10:00:00Z", "2027-02-29"]) {
      const refused = await updateFeedback(fake.deps, member, "ACME-1", { dueAt });
      assert.equal(!refused.ok && `${refused.code} ${refused.problem?.field}`, "invalid_body dueAt");
    }
    assert.equal(fake.writes.length, 0);
    const leap = await updateFeedback(fake.deps, member, "ACME-1", { dueAt: "2028-02-29" });
    assert.equal(leap.ok && leap.value.dueAt, "2028-02-29T00:00:00.000Z");
  });

  test("a feedback moved to a kind of another subject is compared again; moved within its subject, it is not", async () => {
    const fake = triage();
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { kind: "idea" })).ok);
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { kind: "praise" })).ok);
    assert.deepEqual(
      fake.writes.map((w) => w.jobs),
      [[], [{ kind: "regroup_feedback", orgId: "org", feedbackId: "fb-1" }]],
    );
  });

  test("a kind changed by someone else between the read and the write is read again: comparing again is decided on the kind replaced", async () => {
    const fake = triage();
    // Read as a problem, made praise meanwhile: an idea is then a change of subject.
    fake.meanwhile.push(() => fake.feedbacks.set("fb-1", { ...fake.feedbacks.get("fb-1")!, kind: "praise" }));
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { kind: "idea" })).ok);
    assert.deepEqual(fake.writes, [
      { fields: { kind: "idea" }, created: [], jobs: [{ kind: "regroup_feedback", orgId: "org", feedbackId: "fb-1" }] },
    ]);
    assert.equal(fake.feedbacks.get("fb-1")?.kind, "idea");
  });

  test("a feedback merged into another between the read and the write is not_found: nothing is written to the one that holds it", async () => {
    for (const update of [{ title: "Renamed" }, { kind: "praise" as const }]) {
      const fake = triage(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2", title: "The holder" }));
      fake.meanwhile.push(() => fake.feedbacks.set("fb-1", { ...fake.feedbacks.get("fb-1")!, mergedInto: "fb-2" }));
      const updated = await updateFeedback(fake.deps, member, "ACME-1", update);
      assert.equal(!updated.ok && updated.code, "not_found");
      assert.deepEqual([fake.writes, fake.feedbacks.get("fb-2")?.title, fake.feedbacks.get("fb-2")?.kind], [[], "The holder", "problem"]);
    }
  });

  test("null clears the owner, the due date, the severity and the feature", async () => {
    const fake = triage(feedbackRecord({ owner: "ann@acme.test", dueAt: NOW, severity: "P2", featureId: "feat-checkout" }));
    const updated = await updateFeedback(fake.deps, member, "ACME-1", { owner: null, dueAt: null, severity: null, featureId: null });
    assert.ok(updated.ok);
    assert.deepEqual(fake.writes[0]?.fields, { owner: null, dueAt: null, severity: null, featureId: null });
    assert.equal(updated.value.owner, undefined);
    assert.equal(updated.value.severity, undefined);
  });

  test("an owner who is not a member of the organization is refused with unknown_owner naming the members' e-mails, and nothing is written", async () => {
    const fake = triage();
    for (const owner of ["eve@elsewhere.test", "nobody@acme.test"]) {
      assert.deepEqual(await updateFeedback(fake.deps, member, "ACME-1", { owner, severity: "P0" }), {
        ok: false,
        code: "unknown_owner",
        problem: { field: "owner", reason: "not_member", given: owner, members: ["ann@acme.test"] },
      });
    }
    assert.deepEqual(fake.writes, []);
  });

  test("a feature that is not in the feedback's app is refused with unknown_feature", async () => {
    const fake = triage();
    assert.deepEqual(await updateFeedback(fake.deps, member, "ACME-1", { featureId: "feat-other" }), { ok: false, code: "unknown_feature" });
  });

  test("with a status, the change keeps its events and comment, after the triage fields", async () => {
    const fake = triage();
    const updated = await updateFeedback(fake.deps, member, "ACME-1", { status: "prioritized", comment: "next sprint", severity: "P1" });
    assert.ok(updated.ok);
    assert.equal(updated.value.status, "prioritized");
    assert.equal(updated.value.severity, "P1");
    assert.deepEqual(
      fake.changes.map((c) => [c.from, c.to, c.comment?.text, c.events.map((e) => e.type)]),
      [["triage", "prioritized", "next sprint", ["feedback.status_changed"]]],
    );
  });

  test("without status nor triage field, a comment alone or nothing is invalid_body, naming status and that a comment alone is added as one", async () => {
    const fake = triage();
    const refused = { ok: false, code: "invalid_body", problem: { field: "status", reason: "no_update" } };
    assert.deepEqual(await updateFeedback(fake.deps, member, "ACME-1", {}), refused);
    assert.deepEqual(await updateFeedback(fake.deps, member, "ACME-1", { comment: "alone" }), refused);
  });

  test("a Reader is refused (forbidden), and an unknown key is not_found", async () => {
    const fake = triage();
    assert.deepEqual(await updateFeedback(fake.deps, reader, "ACME-1", { severity: "P0" }), { ok: false, code: "forbidden" });
    assert.deepEqual(await updateFeedback(fake.deps, member, "ACME-99", { severity: "P0" }), {
      ok: false,
      code: "not_found",
      refusal: { reason: "unknown_feedback", feedback: "ACME-99" },
    });
  });

  test("tags replace those the feedback had; a new name creates its tag, a known one keeps the organization's spelling", async () => {
    const fake = triage();
    const updated = await updateFeedback(fake.deps, member, "ACME-1", { tags: [" billing ", "Mobile  app", "mobile app"] });
    assert.ok(updated.ok);
    assert.deepEqual(updated.value.tags, ["Billing", "Mobile app"]);
    assert.deepEqual(fake.writes[0]?.created, [{ name: "Mobile app", createdAt: NOW }]);
  });

  test("a tag new to the organization holding text-direction or other control characters (U+202E) is refused: invalid_body naming it, nothing written", async () => {
    const fake = triage();
    const refused = await updateFeedback(fake.deps, member, "ACME-1", { tags: ["Billing", "Refund\u202E"] });
    assert.deepEqual(refused, { ok: false, code: "invalid_body", problem: { field: "tags.1", reason: "reordering" } });
    assert.deepEqual(fake.writes, []);
  });

  test("a tag the organization has already is used as it is, whatever it holds", async () => {
    const fake = triage();
    fake.tags.push({ name: "Old\u202E", createdAt: NOW - 1 });
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { tags: ["Old\u202E"] })).ok);
  });

  test("an organization holds at most 500 tags: a tag that would be one more is refused, limit_reached, nothing written", async () => {
    const fake = triage();
    fake.tags.push(...Array.from({ length: 499 }, (_, i) => ({ name: `tag-${i}`, createdAt: NOW - 1 })));
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { tags: ["tag-0"] })).ok);
    const refused = await updateFeedback(fake.deps, member, "ACME-1", { tags: ["tag-0", "one-too-many"] });
    assert.deepEqual(refused, { ok: false, code: "limit_reached", limit: { resource: "tag", max: 500 } });
    assert.equal(fake.writes.length, 1);
  });

  test("the 500th tag is created: the bound is reached, not passed", async () => {
    const fake = triage();
    fake.tags.push(...Array.from({ length: 498 }, (_, i) => ({ name: `tag-${i}`, createdAt: NOW - 1 })));
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { tags: ["the-500th"] })).ok);
    assert.equal(fake.tags.length, 500);
  });

  test("past 500 tags (two changes at once each made the last), a feedback is still tagged with those the organization has", async () => {
    const fake = triage();
    fake.tags.push(...Array.from({ length: 500 }, (_, i) => ({ name: `tag-${i}`, createdAt: NOW - 1 })));
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { tags: ["billing", "tag-499"] })).ok);
  });

  test("at 500 tags, a feedback is still tagged with those the organization has", async () => {
    const fake = triage();
    fake.tags.push(...Array.from({ length: 499 }, (_, i) => ({ name: `tag-${i}`, createdAt: NOW - 1 })));
    assert.ok((await updateFeedback(fake.deps, member, "ACME-1", { tags: ["billing", "tag-498"] })).ok);
  });
});

describe("tag names", () => {
  test("names are trimmed, spaces folded, and two spellings differing by case are one tag", () => {
    assert.deepEqual(resolveTags(["a  b", "A B", " "], [], NOW), { names: ["a b"], created: [{ name: "a b", createdAt: NOW }] });
  });

  test("a bulk change adds and removes by name in any case, once each", () => {
    assert.deepEqual(retag(["Billing", "Urgent"], ["Mobile"], ["urgent"]), ["Billing", "Mobile"]);
  });
});

describe("bulkUpdate", () => {
  test("each key goes through its own update, with its own events; a missing key says not_found and the others change", async () => {
    const fake = triage(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2", tags: ["Urgent"] }));
    const done = await bulkUpdate(fake.deps, member, {
      keys: ["ACME-1", "ACME-404", "ACME-2"],
      set: { status: "prioritized", comment: "Q1", addTags: ["Billing"], removeTags: ["urgent"] },
    });
    assert.deepEqual(done, {
      ok: true,
      value: {
        results: [
          { key: "ACME-1", ok: true },
          { key: "ACME-404", ok: false, code: "not_found" },
          { key: "ACME-2", ok: true },
        ],
      },
    });
    assert.deepEqual(
      fake.changes.map((c) => [c.feedbackId, c.events.length, c.comment?.text]),
      [
        ["fb-1", 1, "Q1"],
        ["fb-2", 1, "Q1"],
      ],
    );
    assert.deepEqual(fake.feedbacks.get("fb-2")?.tags, ["Billing"]);
  });

  test("two bulk changes adding different tags to one feedback at the same moment both stand: the second is read again and added to the first", async () => {
    const fake = triage(feedbackRecord({ tags: ["Billing"] }));
    const [first, second] = await Promise.all([
      bulkUpdate(fake.deps, member, { keys: ["ACME-1"], set: { addTags: ["mobile"] } }),
      bulkUpdate(fake.deps, member, { keys: ["ACME-1"], set: { addTags: ["urgent"], removeTags: ["billing"] } }),
    ]);
    assert.deepEqual(
      [first.ok && first.value.results, second.ok && second.value.results],
      [[{ key: "ACME-1", ok: true }], [{ key: "ACME-1", ok: true }]],
    );
    assert.deepEqual(fake.feedbacks.get("fb-1")?.tags, ["mobile", "urgent"]);
    assert.deepEqual(
      fake.writes.map((w) => w.fields.tags),
      [
        ["Billing", "mobile"],
        ["mobile", "urgent"],
      ],
    );
  });

  test("a tag renamed between a bulk change's read and its write keeps its new name: the change is read again, and the old name does not come back", async () => {
    const fake = triage(feedbackRecord({ tags: ["Billing"] }));
    // Settings → Tags: Billing becomes Invoices, on the organization and on the feedback.
    fake.meanwhile.push(() => {
      fake.tags.splice(0, fake.tags.length, { name: "Invoices", createdAt: NOW - 1 });
      fake.feedbacks.set("fb-1", { ...fake.feedbacks.get("fb-1")!, tags: ["Invoices"] });
    });
    const done = await bulkUpdate(fake.deps, member, { keys: ["ACME-1"], set: { addTags: ["urgent"] } });
    assert.deepEqual(done.ok && done.value.results, [{ key: "ACME-1", ok: true }]);
    assert.deepEqual(fake.feedbacks.get("fb-1")?.tags, ["Invoices", "urgent"]);
    assert.deepEqual(fake.writes, [{ fields: { tags: ["Invoices", "urgent"] }, created: [{ name: "urgent", createdAt: NOW }], jobs: [] }]);
  });

  test("a feedback whose tags keep changing under a bulk change is left as it was, said rate_limited of its key; the others are changed all the same", async () => {
    const fake = triage(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2" }));
    const other = (i: number) => () => fake.feedbacks.set("fb-1", { ...fake.feedbacks.get("fb-1")!, tags: [`other-${i}`] });
    fake.meanwhile.push(...[1, 2, 3, 4, 5].map(other));
    const done = await bulkUpdate(fake.deps, member, { keys: ["ACME-1", "ACME-2"], set: { addTags: ["urgent"] } });
    assert.deepEqual(done.ok && done.value.results, [
      { key: "ACME-1", ok: false, code: "rate_limited" },
      { key: "ACME-2", ok: true },
    ]);
    assert.deepEqual([fake.feedbacks.get("fb-1")?.tags, fake.feedbacks.get("fb-2")?.tags], [["other-5"], ["urgent"]]);
  });

  test("a due date is set on each feedback named, or cleared with null, as each one's own update writes it, and emits no event", async () => {
    const fake = triage(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2", dueAt: Date.UTC(2026, 0, 5) }));
    const set = await bulkUpdate(fake.deps, member, { keys: ["ACME-1", "ACME-2"], set: { dueAt: "2026-12-15" } });
    assert.deepEqual(set.ok && set.value.results, [
      { key: "ACME-1", ok: true },
      { key: "ACME-2", ok: true },
    ]);
    assert.deepEqual(
      ["fb-1", "fb-2"].map((id) => fake.feedbacks.get(id)?.dueAt),
      [Date.UTC(2026, 11, 15), Date.UTC(2026, 11, 15)],
    );
    assert.ok((await bulkUpdate(fake.deps, member, { keys: ["ACME-2"], set: { dueAt: null } })).ok);
    assert.equal(fake.feedbacks.get("fb-2")?.dueAt, undefined);
    assert.deepEqual(fake.changes, []);
  });

  test("a due date on no calendar (30 February) is refused as a whole, invalid_body naming set.dueAt, before any feedback changes", async () => {
    const fake = triage(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2" }));
    const refused = await bulkUpdate(fake.deps, member, { keys: ["ACME-1", "ACME-2"], set: { status: "fixed", dueAt: "2026-02-30" } });
    assert.equal(!refused.ok && `${refused.code} ${refused.problem?.field}`, "invalid_body set.dueAt");
    assert.deepEqual([fake.writes, fake.changes], [[], []]);
  });

  test("a Reader is refused as a whole, and a set that changes nothing is invalid_body", async () => {
    const fake = triage();
    assert.deepEqual(await bulkUpdate(fake.deps, reader, { keys: ["ACME-1"], set: { status: "fixed" } }), { ok: false, code: "forbidden" });
    assert.equal((await bulkUpdate(fake.deps, member, { keys: ["ACME-1"], set: { comment: "alone" } })).ok, false);
  });

  test("a tag added that is new to the organization and holds text-direction or other control characters (U+202E) refuses the whole request: invalid_body naming it, nothing changed", async () => {
    const fake = triage();
    const refused = await bulkUpdate(fake.deps, member, { keys: ["ACME-1"], set: { addTags: ["safari", "ssap\u202E"] } });
    assert.deepEqual(refused, { ok: false, code: "invalid_body", problem: { field: "set.addTags.1", reason: "reordering" } });
    assert.deepEqual(fake.writes, []);
  });

  test("tags added past the organization's 500 refuse the whole request: limit_reached, nothing changed", async () => {
    const fake = triage();
    fake.tags.push(...Array.from({ length: 499 }, (_, i) => ({ name: `tag-${i}`, createdAt: NOW - 1 })));
    const refused = await bulkUpdate(fake.deps, member, { keys: ["ACME-1"], set: { addTags: ["billing", "one-too-many"] } });
    assert.deepEqual(refused, { ok: false, code: "limit_reached", limit: { resource: "tag", max: 500 } });
    assert.deepEqual(fake.writes, []);
  });
});

describe("bulkNote", () => {
  test("a comment with no change is added to each feedback as a team note; a missing key says not_found and the others take it", async () => {
    const fake = triage(feedbackRecord(), feedbackRecord({ id: "fb-2", key: "ACME-2" }));
    const notes: CommentRecord[] = [];
    const deps = { ...fake.deps, store: { ...fake.deps.store, addComment: async (c: CommentRecord) => void notes.push(c) } };
    assert.deepEqual(await bulkNote(deps, member, ["ACME-2", "ACME-404", "ACME-1"], "Seen in the Q1 review"), {
      ok: true,
      value: {
        results: [
          { key: "ACME-2", ok: true },
          { key: "ACME-404", ok: false, code: "not_found" },
          { key: "ACME-1", ok: true },
        ],
      },
    });
    assert.deepEqual(
      notes.map((n) => [n.feedbackId, n.text, n.visibility]),
      [
        ["fb-2", "Seen in the Q1 review", "internal"],
        ["fb-1", "Seen in the Q1 review", "internal"],
      ],
    );
  });

  test("a Reader is refused as a whole, before any feedback is read", async () => {
    const fake = triage();
    const notes: CommentRecord[] = [];
    const deps = { ...fake.deps, store: { ...fake.deps.store, addComment: async (c: CommentRecord) => void notes.push(c) } };
    assert.deepEqual(await bulkNote(deps, reader, ["ACME-1"], "note"), { ok: false, code: "forbidden" });
    assert.deepEqual(notes, []);
  });
});

describe("API key grants", () => {
  const key = {
    id: "key-1",
    orgId: "org",
    name: "ci-script",
    scopes: ["feedbacks:read", "feedbacks:write"] as const,
    createdAt: NOW,
    lastUsedAt: null,
  };

  test("a key acts as the organization with its scopes, and signs « API key <name> »", async () => {
    const grant = apiKeyGrant({ ...key, scopes: [...key.scopes] });
    assert.equal(authorize(grant, "feedbacks.update").ok, true);
    assert.equal(apiKeyAuthor(grant.userId), "API key ci-script");
    assert.equal(apiKeyAuthor("u-ann"), null);
  });

  test("owner me, from a key, which acts for no one, is refused with unknown_owner saying so (no_person), and nothing is written", async () => {
    const fake = triage();
    const grant = { ...apiKeyGrant({ ...key, scopes: [...key.scopes] }), orgId: "org" };
    assert.deepEqual(await updateFeedback(fake.deps, grant, "ACME-1", { owner: "me" }), {
      ok: false,
      code: "unknown_owner",
      problem: { field: "owner", reason: "no_person", given: "me" },
    });
    assert.deepEqual(fake.writes, []);
  });

  test("an owner who is no member, from a key, is unknown_owner without naming the members: a key reads no organization's members", async () => {
    const fake = triage();
    const grant = { ...apiKeyGrant({ ...key, scopes: [...key.scopes] }), orgId: "org" };
    assert.deepEqual(await updateFeedback(fake.deps, grant, "ACME-1", { owner: "nobody@acme.test" }), { ok: false, code: "unknown_owner" });
    assert.deepEqual(fake.writes, []);
  });

  test("an owner who is no member, from an agent, is unknown_owner without naming the members: an agent reads no organization's members either", async () => {
    const fake = triage();
    const agent = { ...member, agentId: "agent-1" };
    assert.deepEqual(await updateFeedback(fake.deps, agent, "ACME-1", { owner: "nobody@acme.test" }), { ok: false, code: "unknown_owner" });
    assert.deepEqual(fake.writes, []);
  });

  test("a key never does what only a person does, nor manages keys, webhooks or agents", () => {
    const grant = apiKeyGrant({ ...key, scopes: [...key.scopes] });
    for (const operation of [
      "organization.read",
      "organization.manage",
      "tokens.manage",
      "apiKeys.manage",
      "webhooks.manage",
      "agents.manage",
    ] as const) {
      assert.equal(authorize(grant, operation).ok, false, operation);
    }
  });
});

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { Follower } from "../../core/model.ts";
import { resubscribe } from "../../core/notify/resubscribe.ts";
import { unsubscribe } from "../../core/notify/unsubscribe.ts";
import { unsubscribeUrl } from "../../core/notify/unsubscribe-link.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";

/** ACME-1 was merged into ACME-2 since its e-mail went out; ACME-3 stands alone. */
const feedbacks = [
  feedbackRecord({ id: "fb-1", key: "ACME-1", mergedInto: "fb-2" }),
  feedbackRecord({ id: "fb-2", key: "ACME-2" }),
  feedbackRecord({ id: "fb-3", key: "ACME-3" }),
];

/** Unsubscribes with the link an e-mail about `ids` carried for Ana (`altered` changes its address); counts what it reads. */
async function unsubscribing(ids: string, altered = false) {
  const fake = fakeFeedbacks(...feedbacks);
  const reads = { secret: 0, feedbacks: 0 };
  const removed: string[] = [];
  const store = {
    ...fake.deps.store,
    serviceSecret: async () => {
      reads.secret++;
      return new Uint8Array(32);
    },
    findFeedbackById: async (id: string) => {
      reads.feedbacks++;
      return fake.feedbacks.get(id) ?? null;
    },
    listFollowers: async (feedbackId: string) => [{ feedbackId, email: "ana@customer.example", language: "en" as const }],
    findPortal: async () => null,
    removeFollower: async (feedbackId: string, email: string) => {
      removed.push(`${feedbackId} ${email}`);
      return true;
    },
  };
  const q = new URL(await unsubscribeUrl("https://retour.test", new Uint8Array(32), ids, "ana@customer.example", "en")).searchParams;
  const link = { feedbackId: q.get("f")!, email: altered ? "eve@customer.example" : q.get("e")!, signature: q.get("s")! };
  const done = await unsubscribe({ ...fake.deps, store, secrets: { seal: async (t: string) => t, open: async (t: string) => t } }, link);
  return { stopped: done?.stopped ?? null, removed, reads };
}

describe("unsubscribing with a link from an e-mail", () => {
  test("stops the news of each feedback the link names, and of the one each joined since, naming each as it answers now", async () => {
    const { stopped, removed } = await unsubscribing("fb-1,fb-3");
    assert.deepEqual(
      stopped?.map((f) => f.key),
      ["ACME-2", "ACME-3"],
    );
    assert.deepEqual(removed.sort(), ["fb-1 ana@customer.example", "fb-2 ana@customer.example", "fb-3 ana@customer.example"]);
  });

  test("a forged or altered link stops nothing", async () => {
    const { stopped, removed } = await unsubscribing("fb-3", true);
    assert.equal(stopped, null);
    assert.deepEqual(removed, []);
  });

  test("checks the link and reads its feedbacks once, for stopping them and for naming them", async () => {
    const { reads } = await unsubscribing("fb-1,fb-3");
    assert.deepEqual(reads, { secret: 1, feedbacks: 2 });
  });
});

describe("undoing an unsubscribe, with the same link", () => {
  const secrets = {
    seal: async (t: string) => `sealed:${t}`,
    open: async (t: string) => (t.startsWith("sealed:") ? t.slice(7) : Promise.reject(new Error("no"))),
  };
  /** Ana follows ACME-2 in French with her name and tracking link, and (merged away since) ACME-1; Bob follows ACME-3. */
  function following() {
    const fake = fakeFeedbacks(...feedbacks);
    const rows = new Map<string, Follower>(
      [
        { feedbackId: "fb-1", email: "ana@customer.example", language: "fr" as const, name: "Ana", trackingSealed: "s-1" },
        { feedbackId: "fb-2", email: "ana@customer.example", language: "fr" as const, name: "Ana", trackingSealed: "s-2" },
        { feedbackId: "fb-3", email: "bob@customer.example", language: "en" as const },
      ].map((f) => [`${f.feedbackId} ${f.email}`, f]),
    );
    const store = {
      ...fake.deps.store,
      findFeedbackById: async (id: string) => fake.feedbacks.get(id) ?? null,
      findPortal: async () => null,
      listFollowers: async (feedbackId: string) => [...rows.values()].filter((f) => f.feedbackId === feedbackId),
      removeFollower: async (feedbackId: string, email: string) => rows.delete(`${feedbackId} ${email}`),
      addFollower: async (f: Follower) => void (rows.has(`${f.feedbackId} ${f.email}`) || rows.set(`${f.feedbackId} ${f.email}`, f)),
    };
    return { rows, deps: { ...fake.deps, store, secrets } };
  }
  const linkFor = async (ids: string, email: string) => {
    const q = new URL(await unsubscribeUrl("https://retour.test", new Uint8Array(32), ids, email, "en")).searchParams;
    return { feedbackId: q.get("f")!, email: q.get("e")!, signature: q.get("s")! };
  };

  test("writes back exactly the records it removed: each feedback's, with the follower's language, name and tracking link", async () => {
    const { rows, deps } = following();
    const before = [...rows.values()];
    const link = await linkFor("fb-1", "ana@customer.example");
    const done = await unsubscribe(deps, link);
    assert.deepEqual([...rows.keys()], ["fb-3 bob@customer.example"]);
    const again = await resubscribe(deps, link, done!.undo!);
    assert.deepEqual(
      again?.map((f) => f.key),
      ["ACME-2"],
    );
    assert.deepEqual(
      [...rows.values()].sort((a, b) => a.feedbackId.localeCompare(b.feedbackId)),
      before,
    );
  });

  test("an undo given with another link, or altered, writes back nothing", async () => {
    const { rows, deps } = following();
    const done = await unsubscribe(deps, await linkFor("fb-2", "ana@customer.example"));
    const bobs = await linkFor("fb-2", "bob@customer.example");
    assert.equal(await resubscribe(deps, bobs, done!.undo!), null);
    assert.equal(await resubscribe(deps, await linkFor("fb-2", "ana@customer.example"), `${done!.undo!}x`), null);
    assert.equal(await resubscribe(deps, await linkFor("fb-2", "ana@customer.example"), "sealed:{"), null);
    assert.deepEqual([...rows.keys()], ["fb-1 ana@customer.example", "fb-3 bob@customer.example"]);
  });

  test("an undo serves 24 hours: after them, it writes back nothing", async () => {
    const { rows, deps } = following();
    let now = Date.parse("2026-11-27T08:00:00Z");
    const clocked = { ...deps, clock: () => now };
    const link = await linkFor("fb-2", "ana@customer.example");
    const done = await unsubscribe(clocked, link);
    now += 24 * 3_600_000 + 1_000;
    assert.equal(await resubscribe(clocked, link, done!.undo!), null);
    assert.deepEqual([...rows.keys()], ["fb-1 ana@customer.example", "fb-3 bob@customer.example"]);
    now -= 2_000;
    assert.deepEqual(
      (await resubscribe(clocked, link, done!.undo!))?.map((f) => f.key),
      ["ACME-2"],
    );
  });

  test("nothing removed, nothing to undo", async () => {
    const { deps } = following();
    const link = await linkFor("fb-3", "ana@customer.example");
    assert.equal((await unsubscribe(deps, link))?.undo, null);
  });
});

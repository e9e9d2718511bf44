import { describe, test } from "node:test";
import assert from "node:assert/strict";
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
    removeFollower: async (feedbackId: string, email: string) => {
      removed.push(`${feedbackId} ${email}`);
      return true;
    },
  };
  const q = new URL(await unsubscribeUrl("https://retour.test", new Uint8Array(32), ids, "ana@customer.example")).searchParams;
  const link = { feedbackId: q.get("f")!, email: altered ? "eve@customer.example" : q.get("e")!, signature: q.get("s")! };
  const stopped = await unsubscribe({ ...fake.deps, store }, link);
  return { stopped, removed, reads };
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

import type { ChangelogEntryRecord } from "../../core/changelog/entry.ts";
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { DeliveryResult, Webhook } from "../../core/model.ts";
import type { ClaimedDelivery, DeliveryNext } from "../../core/store/webhooks.ts";
import { verifySignature } from "../../core/webhook-signature.ts";
import { deliver } from "../../core/webhooks/deliver.ts";
import { feedbackRecord, fakeFeedbacks } from "./fake-feedbacks.ts";
import { NOW } from "./fake-organization.ts";

const MINUTE = 60_000;

const webhook = (fields: Partial<Webhook> = {}): Webhook => ({
  id: "wh-1",
  orgId: "org",
  url: "https://hooks.acme.test/retour",
  events: ["feedback.status_changed"],
  secretSealed: "sealed:whsec_current",
  previousSecretSealed: null,
  previousExpiresAt: null,
  createdAt: NOW - 86_400_000,
  lastDelivery: null,
  ...fields,
});

const claimed = (attempt: number, hook = webhook(), feedbackId = "fb-1"): ClaimedDelivery => ({
  id: "d-1",
  attempt,
  leaseToken: "lease",
  webhook: hook,
  event: { id: "ev-1", orgId: "org", feedbackId, type: "feedback.status_changed", previousStatus: "triage", relatedId: null, createdAt: NOW - 1000 },
});

/** A receiver that answers with the given status (or fails to connect), and remembers what it was sent. */
function setUp(answer: { status: number } | { error: string }, feedbacks = [feedbackRecord({ status: "prioritized" })]) {
  const fake = fakeFeedbacks(...feedbacks);
  const sent: { url: string; body: string; headers: Record<string, string>; timeoutMs: number }[] = [];
  const finished: { next: DeliveryNext; result: DeliveryResult }[] = [];
  const deps = {
    ...fake.deps,
    secrets: {
      seal: async (text: string) => `sealed:${text}`,
      open: async (sealed: string) => {
        if (!sealed.startsWith("sealed:")) throw new Error("sealed with another key");
        return sealed.slice("sealed:".length);
      },
    },
    store: {
      ...fake.deps.store,
      findComment: async (id: string) =>
        id === "c-1"
          ? { id, orgId: "org", feedbackId: "fb-1", userId: "u", text: "Fixed in 2.4", visibility: "public" as const, at: NOW - 1000 }
          : null,
      finishDelivery: async (_d: ClaimedDelivery, next: DeliveryNext, result: DeliveryResult) => void finished.push({ next, result }),
      findEntry: async (orgId: string, id: string): Promise<ChangelogEntryRecord | null> =>
        orgId === "org" && id === "entry-1"
          ? {
              id,
              orgId,
              title: "PDF export",
              body: "Fixed.",
              status: "published",
              publishedAt: NOW - 2000,
              feedbackIds: ["fb-1"],
              createdAt: NOW - 9000,
              updatedAt: NOW - 2000,
            }
          : null,
    },
  };
  const webhooks = {
    transport: {
      resolve: async () => ["203.0.113.7"],
      deliver: async (request: (typeof sent)[number]) => {
        sent.push(request);
        return answer;
      },
    },
    allowPrivate: false,
    retrySchedule: [1, 5, 30].map((m) => m * MINUTE),
  };
  return { deps, webhooks, sent, finished };
}

describe("deliver", () => {
  test("a 2xx answer is done: the body is the event with the feedback's summary, signed with the webhook's secret", async () => {
    const { deps, webhooks, sent, finished } = setUp({ status: 204 });
    assert.deepEqual((await deliver(deps, webhooks, claimed(1))).next, { state: "done" });
    const [request] = sent;
    const body = JSON.parse(request!.body);
    assert.equal(body.type, "feedback.status_changed");
    assert.equal(body.data.feedback.key, "ACME-1");
    assert.equal(request!.headers["service-event"], "feedback.status_changed");
    assert.equal(await verifySignature("whsec_current", request!.headers["service-signature"]!, request!.body, Math.floor(NOW / 1000)), "valid");
    assert.deepEqual(finished[0]?.result, { at: NOW, status: 204, error: null, durationMs: 0 });
  });

  test("an event's feedback grouped into another since is still the one it names: every retry of the event describes it", async () => {
    const merged = feedbackRecord({ id: "fb-1", key: "ACME-1", mergedInto: "fb-2" });
    const { deps, webhooks, sent } = setUp({ status: 204 }, [merged, feedbackRecord({ id: "fb-2", key: "ACME-2" })]);
    await deliver(deps, webhooks, claimed(2));
    assert.equal(JSON.parse(sent[0]!.body).data.feedback.key, "ACME-1");
  });

  test("comment.created carries the public comment with the feedback", async () => {
    const { deps, webhooks, sent } = setUp({ status: 200 });
    const delivery = claimed(1, webhook({ events: ["comment.created"] }));
    await deliver(deps, webhooks, { ...delivery, event: { ...delivery.event, type: "comment.created", previousStatus: null, relatedId: "c-1" } });
    const body = JSON.parse(sent[0]!.body);
    assert.equal(body.type, "comment.created");
    assert.equal(body.data.feedback.key, "ACME-1");
    assert.deepEqual(body.data.comment, { id: "c-1", text: "Fixed in 2.4", visibility: "public", at: new Date(NOW - 1000).toISOString() });
    assert.equal(body.data.previousStatus, undefined);
  });

  test("the receiver is given 10 seconds to answer", async () => {
    const { deps, webhooks, sent } = setUp({ status: 200 });
    await deliver(deps, webhooks, claimed(1));
    assert.equal(sent[0]?.timeoutMs, 10_000);
  });

  test("a failure is retried on the schedule after the failed attempt, then abandoned", async () => {
    const { deps, webhooks } = setUp({ status: 500 });
    assert.deepEqual((await deliver(deps, webhooks, claimed(1))).next, { state: "retry", runAt: NOW + MINUTE });
    assert.deepEqual((await deliver(deps, webhooks, claimed(3))).next, { state: "retry", runAt: NOW + 30 * MINUTE });
    assert.deepEqual((await deliver(deps, webhooks, claimed(4))).next, { state: "abandoned" });
  });

  test("a receiver that cannot be reached is a failed attempt, with the reason recorded and told (the server logs it)", async () => {
    const { deps, webhooks, finished } = setUp({ error: "connection refused" });
    const delivered = await deliver(deps, webhooks, claimed(1));
    assert.deepEqual(delivered.next, { state: "retry", runAt: NOW + MINUTE });
    assert.deepEqual(finished[0]?.result, { at: NOW, status: null, error: "connection refused", durationMs: 0 });
    assert.deepEqual(delivered.result, finished[0]?.result);
  });

  test("during a rotation's overlap the event carries two signatures, one for each secret", async () => {
    const { deps, webhooks, sent } = setUp({ status: 200 });
    const rotating = webhook({ previousSecretSealed: "sealed:whsec_former", previousExpiresAt: NOW + 60_000 });
    await deliver(deps, webhooks, claimed(1, rotating));
    const signature = sent[0]!.headers["service-signature"]!;
    const at = Math.floor(NOW / 1000);
    assert.equal(await verifySignature("whsec_former", signature, sent[0]!.body, at), "valid");
    assert.equal(await verifySignature("whsec_current", signature, sent[0]!.body, at), "valid");
    assert.equal(signature.split(",").filter((p) => p.startsWith("v1=")).length, 2);
  });

  test("secrets sealed with a key the store has lost: a former one is left out of the signature; without the current one, a failed attempt says to rotate it", async () => {
    const withLostFormer = setUp({ status: 200 });
    await deliver(
      withLostFormer.deps,
      withLostFormer.webhooks,
      claimed(1, webhook({ previousSecretSealed: "v1.lost-key", previousExpiresAt: NOW + 60_000 })),
    );
    const signature = withLostFormer.sent[0]!.headers["service-signature"]!;
    assert.equal(await verifySignature("whsec_current", signature, withLostFormer.sent[0]!.body, Math.floor(NOW / 1000)), "valid");
    assert.equal(signature.split(",").filter((p) => p.startsWith("v1=")).length, 1);

    const withLostCurrent = setUp({ status: 200 });
    const delivered = await deliver(withLostCurrent.deps, withLostCurrent.webhooks, claimed(1, webhook({ secretSealed: "v1.lost-key" })));
    assert.equal(withLostCurrent.sent.length, 0);
    assert.equal(delivered.result.error, "its signing secret was sealed with a lost key: rotate it");
    assert.equal(delivered.next.state, "retry");
  });

  test("changelog.published carries the entry as it is now, its feedbacks by key", async () => {
    const { deps, webhooks, sent } = setUp({ status: 200 });
    const event = {
      id: "ev-2",
      orgId: "org",
      feedbackId: "entry-1",
      type: "changelog.published" as const,
      previousStatus: null,
      relatedId: null,
      createdAt: NOW - 1000,
    };
    assert.deepEqual((await deliver(deps, webhooks, { ...claimed(1), event })).next, { state: "done" });
    const body = JSON.parse(sent[0]!.body);
    assert.equal(body.type, "changelog.published");
    assert.deepEqual(
      [body.data.entry.id, body.data.entry.title, body.data.entry.status, body.data.entry.feedbacks],
      ["entry-1", "PDF export", "published", ["ACME-1"]],
    );
    assert.equal(sent[0]!.headers["service-event"], "changelog.published");
  });

  test("an event whose feedback no longer exists is abandoned without sending", async () => {
    const { deps, webhooks, sent, finished } = setUp({ status: 200 });
    assert.deepEqual((await deliver(deps, webhooks, claimed(1, webhook(), "gone"))).next, { state: "abandoned" });
    assert.equal(sent.length, 0);
    assert.equal(finished[0]?.result.error, "feedback no longer exists");
  });
});

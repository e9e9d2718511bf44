import { describe, expect, test } from "bun:test";
import type { WebhookStore } from "../../../core/store/webhooks.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { CollectionStore } from "../../../core/store/collection.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = WebhookStore &
  Pick<AppSetupStore, "createApp"> &
  Pick<CollectionStore, "recordFeedback"> &
  Pick<OrganizationStore, "createOrganization">;

/** Webhooks and their deliveries. */
export function webhooksContract(makeStore: () => Promise<Subject>) {
  const { id, ideaFeedback, freeOrg, webhook } = contractKit();

  describe("webhooks", () => {
    describe("webhooks", () => {
      test("at most `limit` webhooks per organization; deleting one makes room", async () => {
        const store = await makeStore();
        const { orgId } = await freeOrg(store);
        const first = webhook(orgId);
        expect(await store.createWebhook(first, 2)).toBe(true);
        expect(await store.createWebhook(webhook(orgId), 2)).toBe(true);
        expect(await store.createWebhook(webhook(orgId), 2)).toBe(false);
        expect(await store.deleteWebhook(orgId, first.id)).toBe(true);
        expect(await store.createWebhook(webhook(orgId), 2)).toBe(true);
        expect((await store.listWebhooks(orgId)).length).toBe(2);
      });

      test("webhooks made at the same moment are listed by id, whatever order they were made in", async () => {
        const store = await makeStore();
        const { orgId } = await freeOrg(store);
        const made = webhook(orgId);
        for (const hookId of ["wh-b", "wh-c", "wh-a"]) await store.createWebhook({ ...made, id: hookId }, 5);
        expect((await store.listWebhooks(orgId)).map((w) => w.id)).toEqual(["wh-a", "wh-b", "wh-c"]);
      });

      test("recordDeliveryResult keeps a webhook's last delivery, the latest replacing the one before", async () => {
        const store = await makeStore();
        const { orgId } = await freeOrg(store);
        const hook = webhook(orgId);
        await store.createWebhook(hook, 5);
        expect((await store.findWebhook(orgId, hook.id))?.lastDelivery).toBeNull();
        await store.recordDeliveryResult(hook.id, { at: 10, status: null, error: "timeout", durationMs: 10_000 });
        const answered = { at: 20, status: 204, error: null, durationMs: 35 };
        await store.recordDeliveryResult(hook.id, answered);
        expect((await store.findWebhook(orgId, hook.id))?.lastDelivery).toEqual(answered);
        expect((await store.listWebhooks(orgId)).map((w) => w.lastDelivery)).toEqual([answered]);
      });

      test("rotation keeps the former secret as the previous one", async () => {
        const store = await makeStore();
        const { orgId } = await freeOrg(store);
        const hook = webhook(orgId);
        await store.createWebhook(hook, 5);
        expect(await store.rotateWebhookSecret(orgId, hook.id, "sealed-2", 99)).toBe(true);
        expect(await store.findWebhook(orgId, hook.id)).toMatchObject({
          secretSealed: "sealed-2",
          previousSecretSealed: "sealed-1",
          previousExpiresAt: 99,
        });
        expect(await store.rotateWebhookSecret("another-org", hook.id, "sealed-3", 99)).toBe(false);
      });

      test("an event fans out to the subscribed webhooks; a delivery is leased to one worker and finished with its lease", async () => {
        const store = await makeStore();
        const { orgId, appId } = await freeOrg(store);
        const subscribed = webhook(orgId, ["feedback.created"]);
        await store.createWebhook(subscribed, 5);
        await store.createWebhook(webhook(orgId, ["feedback.shipped"]), 5);
        const feedbackId = id("fb");
        await store.recordFeedback(ideaFeedback(orgId, appId, feedbackId, 100));
        const claimed = await store.claimDelivery(100, 1_000, "lease-1");
        expect(claimed).toMatchObject({ attempt: 1, webhook: { id: subscribed.id }, event: { type: "feedback.created", feedbackId } });
        expect(await store.claimDelivery(100, 1_000, "lease-2")).toBeNull();
        const result = { at: 101, status: 500, error: null, durationMs: 3 };
        await store.finishDelivery(claimed!, { state: "retry", runAt: 200 }, result);
        expect((await store.findWebhook(orgId, subscribed.id))?.lastDelivery).toEqual(result);
        expect(await store.claimDelivery(199, 1_000, "lease-3")).toBeNull();
        const again = await store.claimDelivery(200, 1_000, "lease-4");
        expect(again?.attempt).toBe(2);
        await store.finishDelivery({ ...again!, leaseToken: "stale" }, { state: "done" }, { ...result, status: 200 });
        expect((await store.findWebhook(orgId, subscribed.id))?.lastDelivery?.status).toBe(500);
        await store.finishDelivery(again!, { state: "done" }, { ...result, status: 200 });
        expect(await store.claimDelivery(10_000, 1_000, "lease-5")).toBeNull();
      });
    });
  });
}

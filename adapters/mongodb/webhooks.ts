import type { DeliveryResult, Webhook } from "../../core/model.ts";
import type { WebhookStore } from "../../core/store/webhooks.ts";
import type { StoredEvent } from "../../core/webhooks/event-body.ts";
import type { Database, Document } from "./database.ts";

const toWebhook = (d: Document): Webhook => ({
  id: d._id,
  orgId: d.orgId,
  url: d.url,
  events: d.events,
  secretSealed: d.secretSealed,
  previousSecretSealed: d.previousSecretSealed ?? null,
  previousExpiresAt: d.previousExpiresAt ?? null,
  createdAt: d.createdAt,
  lastDelivery: d.lastDelivery ?? null,
});

export function webhookStore(data: Database): WebhookStore {
  const webhooks = () => data.collection("webhooks");
  const deliveries = () => data.collection("deliveries");
  const recordResult = (webhookId: string, result: DeliveryResult) => webhooks().updateOne({ _id: webhookId }, { $set: { lastDelivery: result } });

  return {
    createWebhook: (w, limit) =>
      // One transaction: an insert that fails, or a process that dies before it, takes no place.
      data.transaction(async (session) => {
        // The organization's counter is the limit: a conditional increment cannot let two creations pass it.
        const counted = await data
          .collection("organizations")
          .updateOne({ _id: w.orgId, webhookCount: { $not: { $gte: limit } } }, { $inc: { webhookCount: 1 } }, { session });
        if (counted.modifiedCount !== 1) return false;
        await webhooks().insertOne(
          { _id: w.id, orgId: w.orgId, url: w.url, events: [...w.events], secretSealed: w.secretSealed, createdAt: w.createdAt },
          { session },
        );
        return true;
      }),

    async listWebhooks(orgId) {
      return (await webhooks().find({ orgId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toWebhook);
    },

    async findWebhook(orgId, id) {
      const found = await webhooks().findOne({ orgId, _id: id });
      return found ? toWebhook(found) : null;
    },

    deleteWebhook: (orgId, id) =>
      // One transaction: the webhook is not gone without its place given back.
      data.transaction(async (session) => {
        const deleted = (await webhooks().deleteOne({ orgId, _id: id }, { session })).deletedCount === 1;
        if (deleted) {
          await data.collection("organizations").updateOne({ _id: orgId }, { $inc: { webhookCount: -1 } }, { session });
          await deliveries().deleteMany({ webhookId: id, state: "pending" }, { session });
        }
        return deleted;
      }),

    async rotateWebhookSecret(orgId, id, sealed, previousExpiresAt) {
      const current = await webhooks().findOne({ orgId, _id: id });
      if (!current) return false;
      // Compare-and-set on the current secret, so two rotations cannot lose one.
      const rotated = await webhooks().updateOne(
        { _id: id, secretSealed: current.secretSealed },
        { $set: { previousSecretSealed: current.secretSealed, previousExpiresAt, secretSealed: sealed } },
      );
      return rotated.modifiedCount === 1;
    },

    async recordDeliveryResult(webhookId, result) {
      await recordResult(webhookId, result);
    },

    async claimDelivery(now, leaseMs, leaseToken) {
      // A claim moves runAt to the end of its lease, so the due index only holds work that can be taken.
      const delivery = await deliveries().findOneAndUpdate(
        { state: "pending", runAt: { $lte: now } },
        { $set: { runAt: now + leaseMs, leaseToken }, $inc: { attempt: 1 } },
        { sort: { runAt: 1 }, returnDocument: "after" },
      );
      if (!delivery) return null;
      const [webhook, event] = await Promise.all([
        webhooks().findOne({ _id: delivery.webhookId }),
        data.collection("events").findOne({ _id: delivery.eventId }),
      ]);
      if (!webhook || !event) {
        await deliveries().updateOne({ _id: delivery._id }, { $set: { state: "abandoned" } });
        return null;
      }
      const stored: StoredEvent = {
        id: event._id as unknown as string,
        orgId: event.orgId,
        feedbackId: event.feedbackId,
        type: event.type,
        previousStatus: event.previousStatus ?? null,
        relatedId: event.relatedId ?? null,
        createdAt: event.createdAt,
      };
      return { id: String(delivery._id), attempt: delivery.attempt, leaseToken, webhook: toWebhook(webhook), event: stored };
    },

    async finishDelivery(delivery, next, result) {
      const state = next.state === "retry" ? "pending" : next.state;
      const held = await deliveries().updateOne(
        { _id: delivery.id, leaseToken: delivery.leaseToken },
        { $set: { state, leaseToken: null, ...(next.state === "retry" && { runAt: next.runAt }) } },
      );
      if (held.modifiedCount === 1) await recordResult(delivery.webhook.id, result);
    },
  };
}

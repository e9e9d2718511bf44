import type { Database } from "bun:sqlite";
import type { DeliveryResult, Webhook } from "../../core/model.ts";
import type { WebhookStore } from "../../core/store/webhooks.ts";
import type { StoredEvent } from "../../core/webhooks/event-body.ts";
import type { WriteBatch } from "./write-batch.ts";

interface WebhookRow {
  id: string;
  org_id: string;
  url: string;
  events: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_expires_at: number | null;
  created_at: number;
  last_delivery: string | null;
}

const toWebhook = (r: WebhookRow): Webhook => ({
  id: r.id,
  orgId: r.org_id,
  url: r.url,
  events: JSON.parse(r.events),
  secretSealed: r.secret_sealed,
  previousSecretSealed: r.previous_secret_sealed,
  previousExpiresAt: r.previous_expires_at,
  createdAt: r.created_at,
  lastDelivery: r.last_delivery ? (JSON.parse(r.last_delivery) as DeliveryResult) : null,
});

export function webhookStore(db: Database, batch: WriteBatch): WebhookStore {
  const recordResult = (webhookId: string, result: DeliveryResult) =>
    db.query("UPDATE webhooks SET last_delivery = ? WHERE id = ?").run(JSON.stringify(result), webhookId);

  return {
    createWebhook: (w, limit) =>
      batch.run(() => {
        const { n } = db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM webhooks WHERE org_id = ?").get(w.orgId)!;
        if (n >= limit) return false;
        db.query("INSERT INTO webhooks (id, org_id, url, events, secret_sealed, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
          w.id,
          w.orgId,
          w.url,
          JSON.stringify(w.events),
          w.secretSealed,
          w.createdAt,
        );
        return true;
      }),

    async listWebhooks(orgId) {
      return db.query<WebhookRow, [string]>("SELECT * FROM webhooks WHERE org_id = ? ORDER BY created_at, id").all(orgId).map(toWebhook);
    },

    async findWebhook(orgId, id) {
      const row = db.query<WebhookRow, [string, string]>("SELECT * FROM webhooks WHERE org_id = ? AND id = ?").get(orgId, id);
      return row ? toWebhook(row) : null;
    },

    deleteWebhook: (orgId, id) =>
      batch.run(() => {
        const deleted = db.query("DELETE FROM webhooks WHERE org_id = ? AND id = ?").run(orgId, id).changes === 1;
        if (deleted) db.query("DELETE FROM deliveries WHERE webhook_id = ? AND state = 'pending'").run(id);
        return deleted;
      }),

    rotateWebhookSecret: (orgId, id, sealed, previousExpiresAt) =>
      batch.run(
        () =>
          db
            .query(
              `UPDATE webhooks SET previous_secret_sealed = secret_sealed, previous_expires_at = ?, secret_sealed = ?
               WHERE org_id = ? AND id = ?`,
            )
            .run(previousExpiresAt, sealed, orgId, id).changes === 1,
      ),

    async recordDeliveryResult(webhookId, result) {
      await batch.run(() => recordResult(webhookId, result));
    },

    async claimDelivery(now, leaseMs, leaseToken) {
      // A read first: an idle poll must not take the write lock (several loops poll, in several processes).
      if (!db.query("SELECT 1 FROM deliveries WHERE state = 'pending' AND run_at <= ? LIMIT 1").get(now)) return null;
      const row = await batch.run(() =>
        db
          .query<{ id: number; webhook_id: string; event_id: string; attempt: number }, [number, string, number]>(
            `UPDATE deliveries SET run_at = ?, lease_token = ?, attempt = attempt + 1
             WHERE id = (SELECT id FROM deliveries WHERE state = 'pending' AND run_at <= ? ORDER BY run_at LIMIT 1)
             RETURNING id, webhook_id, event_id, attempt`,
          )
          .get(now + leaseMs, leaseToken, now),
      );
      if (!row) return null;
      const webhook = db.query<WebhookRow, [string]>("SELECT * FROM webhooks WHERE id = ?").get(row.webhook_id);
      const event = db
        .query<
          {
            id: string;
            org_id: string;
            feedback_id: string;
            type: StoredEvent["type"];
            previous_status: StoredEvent["previousStatus"];
            related_id: string | null;
            created_at: number;
          },
          [string]
        >("SELECT * FROM events WHERE id = ?")
        .get(row.event_id);
      if (!webhook || !event) {
        await batch.run(() => db.query("UPDATE deliveries SET state = 'abandoned' WHERE id = ?").run(row.id));
        return null;
      }
      return {
        id: String(row.id),
        attempt: row.attempt,
        leaseToken,
        webhook: toWebhook(webhook),
        event: {
          id: event.id,
          orgId: event.org_id,
          feedbackId: event.feedback_id,
          type: event.type,
          previousStatus: event.previous_status,
          relatedId: event.related_id,
          createdAt: event.created_at,
        },
      };
    },

    async finishDelivery(delivery, next, result) {
      await batch.run(() => {
        const state = next.state === "retry" ? "pending" : next.state;
        const runAt = next.state === "retry" ? next.runAt : null;
        const held = db
          .query("UPDATE deliveries SET state = ?, run_at = coalesce(?, run_at), lease_token = NULL WHERE id = ? AND lease_token = ?")
          .run(state, runAt, Number(delivery.id), delivery.leaseToken).changes;
        if (held === 1) recordResult(delivery.webhook.id, result);
      });
    },
  };
}

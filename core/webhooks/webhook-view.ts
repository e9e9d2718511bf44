import type { DeliveryResult, Webhook } from "../model.ts";
import type { WebhookView } from "./schemas.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const resultView = (r: DeliveryResult) => ({ at: iso(r.at), status: r.status, error: r.error, durationMs: r.durationMs });

/** A webhook as shown: never its secret. */
export const webhookView = (w: Webhook): WebhookView => ({
  id: w.id,
  url: w.url,
  events: [...w.events],
  createdAt: iso(w.createdAt),
  lastDelivery: w.lastDelivery ? resultView(w.lastDelivery) : null,
});

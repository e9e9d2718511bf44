import type { ClaimedDelivery, WebhookStore } from "../store/webhooks.ts";
import { type DeliverDeps, type Delivered, deliver } from "./deliver.ts";
import type { WebhookDeps } from "./webhook-deps.ts";

/** A delivery's lease outlasts its 10-second timeout with room to record the result. */
const DELIVERY_LEASE_MS = 30_000;

/** Takes the next due delivery from the durable queue and sends it; null when none is due. */
export async function deliverNext(
  services: DeliverDeps & { readonly store: Pick<WebhookStore, "claimDelivery"> },
  deps: WebhookDeps,
): Promise<{ readonly delivery: ClaimedDelivery; readonly delivered: Promise<Delivered> } | null> {
  const delivery = await services.store.claimDelivery(services.clock(), DELIVERY_LEASE_MS, services.ids.secret());
  return delivery ? { delivery, delivered: deliver(services, deps, delivery) } : null;
}

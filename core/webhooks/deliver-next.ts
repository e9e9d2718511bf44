import type { ClaimedDelivery, DeliveryNext, WebhookStore } from "../store/webhooks.ts";
import { type DeliverDeps, deliver } from "./deliver.ts";
import type { WebhookDeps } from "./webhook-deps.ts";

/** A delivery's lease outlasts its 10-second timeout with room to record the result. */
const DELIVERY_LEASE_MS = 30_000;

/** Takes the next due delivery from the durable queue and sends it; null when none is due. */
export async function deliverNext(
  services: DeliverDeps & { readonly store: Pick<WebhookStore, "claimDelivery"> },
  deps: WebhookDeps,
): Promise<{ readonly delivery: ClaimedDelivery; readonly next: Promise<DeliveryNext> } | null> {
  const delivery = await services.store.claimDelivery(services.clock(), DELIVERY_LEASE_MS, services.ids.secret());
  return delivery ? { delivery, next: deliver(services, deps, delivery) } : null;
}

import { normalizeEmail } from "../email.ts";
import { validUnsubscribe } from "../notify/unsubscribe-link.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";

export type UnsubscribeDeps = { readonly store: Pick<ServiceSecretStore, "serviceSecret"> & Pick<FollowerStore, "removeFollower"> };

export interface UnsubscribeLink {
  readonly feedbackId: string;
  readonly email: string;
  readonly signature: string;
}

/** Checks a link's signature; a forged or altered link is "invalid", whatever the address. */
export async function checkUnsubscribeLink(services: UnsubscribeDeps, link: UnsubscribeLink): Promise<boolean> {
  return validUnsubscribe(await services.store.serviceSecret(), link.feedbackId, link.email, link.signature);
}

/** Stops a follower's notifications for one feedback. Doing it twice is harmless. */
export async function unsubscribe(services: UnsubscribeDeps, link: UnsubscribeLink): Promise<"unsubscribed" | "invalid"> {
  if (!(await checkUnsubscribeLink(services, link))) return "invalid";
  await services.store.removeFollower(link.feedbackId, normalizeEmail(link.email));
  return "unsubscribed";
}

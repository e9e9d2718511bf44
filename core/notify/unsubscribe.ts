import { normalizeEmail } from "../email.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { checkUnsubscribeLink, type UnsubscribeLink } from "./check-unsubscribe-link.ts";

type UnsubscribeDeps = { readonly store: Pick<ServiceSecretStore, "serviceSecret"> & Pick<FollowerStore, "removeFollower"> };

/** Stops a follower's notifications for the feedbacks its link names (one, or those of one e-mail). Doing it twice is harmless. */
export async function unsubscribe(services: UnsubscribeDeps, link: UnsubscribeLink): Promise<"unsubscribed" | "invalid"> {
  if (!(await checkUnsubscribeLink(services, link))) return "invalid";
  for (const feedbackId of link.feedbackId.split(",")) await services.store.removeFollower(feedbackId, normalizeEmail(link.email));
  return "unsubscribed";
}

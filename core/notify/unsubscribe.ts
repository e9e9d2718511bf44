import { normalizeEmail } from "../email.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { checkUnsubscribeLink, type UnsubscribeLink } from "./check-unsubscribe-link.ts";
import { type LinkedDeps, linkedFeedbacks } from "./linked-feedbacks.ts";

type UnsubscribeDeps = LinkedDeps & { readonly store: Pick<ServiceSecretStore, "serviceSecret"> & Pick<FollowerStore, "removeFollower"> };

/**
 * Stops a follower's notifications for the feedbacks its link names (one, or those of one e-mail),
 * and for the feedback each was merged into since, whose news they get now. Doing it twice is harmless.
 */
export async function unsubscribe(services: UnsubscribeDeps, link: UnsubscribeLink): Promise<"unsubscribed" | "invalid"> {
  if (!(await checkUnsubscribeLink(services, link))) return "invalid";
  const email = normalizeEmail(link.email);
  const answering = (await linkedFeedbacks(services, link)).map((f) => f.id);
  for (const feedbackId of new Set([...link.feedbackId.split(","), ...answering])) await services.store.removeFollower(feedbackId, email);
  return "unsubscribed";
}

import { normalizeEmail } from "../email.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { UnsubscribeLink } from "./check-unsubscribe-link.ts";
import { type ReadLinkDeps, readUnsubscribeLink, type Stopped } from "./read-unsubscribe-link.ts";

type UnsubscribeDeps = ReadLinkDeps & { readonly store: Pick<FollowerStore, "removeFollower"> };

/**
 * Stops a follower's notifications for the feedbacks its link names (one, or those of one e-mail),
 * and for the feedback each was merged into since, whose news they get now. Answers what it stopped,
 * as read before stopping it (the page names it once done), or null for a forged or altered link.
 * Doing it twice is harmless.
 */
export async function unsubscribe(services: UnsubscribeDeps, link: UnsubscribeLink): Promise<Stopped[] | null> {
  const stopped = await readUnsubscribeLink(services, link);
  if (!stopped) return null;
  const email = normalizeEmail(link.email);
  for (const feedbackId of new Set([...link.feedbackId.split(","), ...stopped.map((f) => f.id)]))
    await services.store.removeFollower(feedbackId, email);
  return stopped;
}

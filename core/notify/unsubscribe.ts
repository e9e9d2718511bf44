import { normalizeEmail } from "../email.ts";
import type { Follower } from "../model.ts";
import type { SecretBox } from "../ports.ts";
import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { UnsubscribeLink } from "./check-unsubscribe-link.ts";
import { type ReadLinkDeps, readUnsubscribeLink, type Stopped } from "./read-unsubscribe-link.ts";

type UnsubscribeDeps = ReadLinkDeps &
  Pick<Services, "clock"> & {
    readonly secrets: Pick<SecretBox, "seal">;
    readonly store: Pick<FollowerStore, "removeFollower">;
  };

/**
 * What an undo brings back (resubscribe): the link's signature, which it holds for that link alone,
 * each follower record the link removed, as it was, and when (an undo serves for a while only).
 */
export interface Removed {
  readonly signature: string;
  readonly followers: readonly Follower[];
  readonly at: number;
}

/**
 * Stops a follower's notifications for the feedbacks its link names (one, or those of one e-mail),
 * and for the feedback each was merged into since, whose news they get now. Answers what it stopped,
 * as read before stopping it (the page names it once done), and `undo`: the records it removed,
 * sealed with the service's key, which resubscribe writes back (null when it removed none); or null
 * for a forged or altered link. Doing it twice is harmless.
 */
export async function unsubscribe(services: UnsubscribeDeps, link: UnsubscribeLink): Promise<{ stopped: Stopped[]; undo: string | null } | null> {
  const stopped = await readUnsubscribeLink(services, link);
  if (!stopped) return null;
  const email = normalizeEmail(link.email);
  const followers: Follower[] = [];
  for (const feedbackId of new Set([...link.feedbackId.split(","), ...stopped.map((f) => f.id)])) {
    const follower = (await services.store.listFollowers(feedbackId)).find((f) => f.email === email);
    if (follower && (await services.store.removeFollower(feedbackId, email))) followers.push(follower);
  }
  const removed: Removed = { signature: link.signature, followers, at: services.clock() };
  return { stopped, undo: followers.length > 0 ? await services.secrets.seal(JSON.stringify(removed)) : null };
}

import { type FindDeps, findByKeyOrId } from "../feedback/find-feedback.ts";
import { openTrackingLink } from "../notify/tracking-link.ts";
import type { SecretBox } from "../ports.ts";
import type { FollowerStore } from "../store/followers.ts";

type TrackingLinkDeps = FindDeps & { readonly secrets: SecretBox; readonly store: Pick<FollowerStore, "listFollowers"> };

/**
 * The tracking page of a post a person sent from the portal, for the thanks after it: the link kept
 * (sealed) for them as its reporter, which a post waiting for the team's review leaves them as the
 * one way to follow it. Undefined for a key they did not post, whoever asks: an address naming
 * another's key shows them nothing.
 */
export async function postTrackingLink(services: TrackingLinkDeps, orgId: string, key: string, email: string): Promise<string | undefined> {
  const feedback = await findByKeyOrId(services, orgId, key);
  if (!feedback) return undefined;
  const follower = (await services.store.listFollowers(feedback.id)).find((f) => f.email === email);
  return openTrackingLink(services.secrets, follower?.trackingSealed);
}

import { normalizeEmail } from "../email.ts";
import { portalUrl } from "../portal/portal-settings.ts";
import type { SecretBox } from "../ports.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { checkUnsubscribeLink, type UnsubscribeLink } from "./check-unsubscribe-link.ts";
import { type LinkedDeps, linkedFeedbacks } from "./linked-feedbacks.ts";
import { openTrackingLink } from "./tracking-link.ts";

export type ReadLinkDeps = LinkedDeps & {
  readonly baseUrl: string;
  readonly secrets: Pick<SecretBox, "open">;
  readonly store: Pick<ServiceSecretStore, "serviceSecret"> &
    Pick<PublicationStore, "findPublications"> &
    Pick<FollowerStore, "listFollowers"> &
    Pick<PortalStore, "findPortal">;
};

/**
 * A feedback an unsubscribe link stops the news of, as its page names it to anyone holding the
 * link: its key, and its public title once published; never its own title, which may hold another
 * customer's words (see titleShownTo). And the way back to it: the follower's tracking page (what
 * their e-mails link to), and its page on the portal while it is published there.
 */
export interface Stopped {
  readonly id: string;
  readonly key: string;
  readonly publicTitle?: string;
  readonly trackingUrl?: string;
  readonly portalPage?: string;
  /** Whether the link's address still follows it: false once unsubscribed (in one click, say), so the page does not offer it again. */
  readonly following: boolean;
}

/** What an unsubscribe link stops, to say it before and after: null for a forged or altered link. */
export async function readUnsubscribeLink(services: ReadLinkDeps, link: UnsubscribeLink): Promise<Stopped[] | null> {
  if (!(await checkUnsubscribeLink(services, link))) return null;
  const feedbacks = await linkedFeedbacks(services, link);
  const email = normalizeEmail(link.email);
  const [publications, portal, followed] = await Promise.all([
    services.store.findPublications(feedbacks.map((f) => f.id)),
    feedbacks[0] ? services.store.findPortal(feedbacks[0].orgId) : null,
    Promise.all(
      feedbacks.map(async (f) => {
        const follower = (await services.store.listFollowers(f.id)).find((r) => r.email === email);
        return { following: follower !== undefined, trackingUrl: await openTrackingLink(services.secrets, follower?.trackingSealed) };
      }),
    ),
  ]);
  const board = portal?.enabled ? portalUrl(services.baseUrl, portal.slug) : undefined;
  return feedbacks.map((f, i) => {
    const publicTitle = publications.get(f.id)?.title;
    const { following, trackingUrl } = followed[i]!;
    return {
      id: f.id,
      key: f.key,
      following,
      ...(publicTitle && { publicTitle }),
      ...(trackingUrl && { trackingUrl }),
      ...(publicTitle && board && { portalPage: `${board}/${encodeURIComponent(f.key)}` }),
    };
  });
}

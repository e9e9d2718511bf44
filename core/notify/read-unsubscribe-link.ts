import type { PublicationStore } from "../store/publications.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { checkUnsubscribeLink, type UnsubscribeLink } from "./check-unsubscribe-link.ts";
import { type LinkedDeps, linkedFeedbacks } from "./linked-feedbacks.ts";

export type ReadLinkDeps = LinkedDeps & { readonly store: Pick<ServiceSecretStore, "serviceSecret"> & Pick<PublicationStore, "findPublications"> };

/**
 * A feedback an unsubscribe link stops the news of, as its page names it to anyone holding the
 * link: its key, and its public title once published; never its own title, which may hold another
 * customer's words (see titleShownTo).
 */
export interface Stopped {
  readonly id: string;
  readonly key: string;
  readonly publicTitle?: string;
}

/** What an unsubscribe link stops, to say it before and after: null for a forged or altered link. */
export async function readUnsubscribeLink(services: ReadLinkDeps, link: UnsubscribeLink): Promise<Stopped[] | null> {
  if (!(await checkUnsubscribeLink(services, link))) return null;
  const feedbacks = await linkedFeedbacks(services, link);
  const publications = await services.store.findPublications(feedbacks.map((f) => f.id));
  return feedbacks.map((f) => {
    const publicTitle = publications.get(f.id)?.title;
    return { id: f.id, key: f.key, ...(publicTitle && { publicTitle }) };
  });
}

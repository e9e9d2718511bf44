import type { FeedbackRecord } from "../model.ts";
import { portalUrl } from "../portal/portal-settings.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";

/**
 * How a feedback is named to the people following it: once published, by its public title and its
 * page on the portal (a voter knows it by no other, and the team's title is the team's own);
 * before, by its title, which its reporter's report gave it.
 */
interface PublicFace {
  readonly title: string;
  /** The feedback's page on the portal, when it is published there and the portal is on. */
  readonly page?: string;
}

type PublicFaceDeps = {
  readonly baseUrl: string;
  readonly store: Pick<PortalStore, "findPortal"> & Pick<PublicationStore, "findPublications">;
};

/** The public face of each of an organization's feedbacks, by id, and the organization's portal it read for them. */
export async function publicFaces(
  deps: PublicFaceDeps,
  orgId: string,
  feedbacks: readonly FeedbackRecord[],
): Promise<{ readonly portal: PortalRecord | null; readonly faces: Map<string, PublicFace> }> {
  const [publications, portal] = await Promise.all([deps.store.findPublications(feedbacks.map((f) => f.id)), deps.store.findPortal(orgId)]);
  const board = portal?.enabled ? portalUrl(deps.baseUrl, portal.slug) : undefined;
  const faces = new Map(
    feedbacks.map((f) => {
      const published = publications.get(f.id);
      if (!published) return [f.id, { title: f.title }];
      return [f.id, { title: published.title, ...(board && { page: `${board}/${encodeURIComponent(f.key)}` }) }];
    }),
  );
  return { portal, faces };
}

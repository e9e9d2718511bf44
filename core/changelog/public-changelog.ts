import { openPortal } from "../portal/open-portal.ts";
import type { Status } from "../schemas/feedback.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { ChangelogEntryRecord } from "./entry.ts";

type PublicDeps = { readonly store: Pick<PortalStore, "findPortal" | "findPortalBySlug"> & Pick<ChangelogStore, "listEntries"> };
type ShippedDeps = {
  readonly store: PublicDeps["store"] & Pick<PublicationStore, "findPublications"> & Pick<FeedbackStore, "findFeedback">;
};

/** A feedback an entry shipped, as the public changelog shows it: one the team published, by its public title. */
export interface ShippedFeedback {
  readonly key: string;
  readonly title: string;
  readonly votes: number;
  readonly status: Status;
}

/** A published entry and, under it, the published feedbacks it shipped (the others stay the team's). */
export type PublicEntry = ChangelogEntryRecord & { readonly shipped: readonly ShippedFeedback[] };

/** The slug of an organization's public changelog (its portal's), for the pages that link to it; null while its portal is off or unset. */
export async function changelogSlug(services: PublicDeps, orgId: string): Promise<string | null> {
  const portal = await services.store.findPortal(orgId);
  return portal?.enabled ? portal.slug : null;
}

/**
 * What the public changelog shows: the portal's organization's published entries, newest first,
 * each with the published feedbacks it shipped, and nothing else; null while the portal is off.
 */
export async function readPublicChangelog(
  services: ShippedDeps,
  slug: string,
): Promise<{ readonly portal: PortalRecord; readonly entries: readonly PublicEntry[] } | null> {
  const portal = await openPortal(services, slug);
  if (!portal) return null;
  const { store } = services;
  const entries = await store.listEntries(portal.orgId, { drafts: false });
  const publications = await store.findPublications([...new Set(entries.flatMap((e) => e.feedbackIds))]);
  const records = await Promise.all([...publications.keys()].map((id) => store.findFeedback(portal.orgId, id)));
  const shipped = new Map(
    records.flatMap((f) =>
      // A feedback merged since into another is told by the one it joined.
      f && !f.mergedInto ? [[f.id, { key: f.key, title: publications.get(f.id)!.title, votes: f.votes ?? 0, status: f.status }] as const] : [],
    ),
  );
  return { portal, entries: entries.map((e) => ({ ...e, shipped: e.feedbackIds.flatMap((id) => shipped.get(id) ?? []) })) };
}

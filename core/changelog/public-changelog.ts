import { openPortal } from "../portal/open-portal.ts";
import type { Status } from "../schemas/feedback.ts";
import type { ChangelogStore, EntryLink } from "../store/changelog.ts";
import { type FindManyDeps, resolveFeedbacks } from "../feedback/find-feedback.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { ChangelogEntryRecord } from "./entry.ts";

type PublicDeps = { readonly store: Pick<PortalStore, "findPortal" | "findPortalBySlug"> & Pick<ChangelogStore, "listEntries"> };
type ShippedDeps = FindManyDeps & { readonly store: Pick<PublicationStore, "findPublications"> };

/** A feedback an entry shipped, as the public changelog shows it: one the team published, by its public title. */
export interface ShippedFeedback {
  readonly key: string;
  readonly title: string;
  readonly votes: number;
  readonly status: Status;
}

/** A published changelog entry that shipped a feedback (or one merged into it), as the pages outside the team name and link it. */
export interface ShippedIn {
  readonly id: string;
  readonly title: string;
}

/** Of the entries linking a feedback (entriesLinking), those the pages outside the team name: a draft is the team's and never named. */
export const publishedOf = (entries: readonly EntryLink[]): ShippedIn[] =>
  entries.filter((e) => e.status === "published").map((e) => ({ id: e.id, title: e.title }));

/** A published entry and, under it, the published feedbacks it shipped; which others it linked stays the team's. */
export type PublicEntry = Omit<ChangelogEntryRecord, "feedbackIds"> & { readonly shipped: readonly ShippedFeedback[] };

/** The slug of an organization's public changelog (its portal's), for the pages that link to it; null while its portal is off or unset. */
export async function changelogSlug(services: PublicDeps, orgId: string): Promise<string | null> {
  const portal = await services.store.findPortal(orgId);
  return portal?.enabled ? portal.slug : null;
}

/** What the public changelog shows: the portal's organization's published entries, newest first, and nothing else; null while the portal is off. */
export async function readPublicChangelog(
  services: PublicDeps,
  slug: string,
): Promise<{ readonly portal: PortalRecord; readonly entries: readonly ChangelogEntryRecord[] } | null> {
  const portal = await openPortal(services, slug);
  if (!portal) return null;
  return { portal, entries: await services.store.listEntries(portal.orgId, { drafts: false }) };
}

/**
 * The public changelog's entries, each with the published feedbacks it shipped (its page shows
 * them; the feed does not read them). A feedback merged since into another is told by the one it
 * joined, if that one is published; each is told once per entry.
 */
export async function withShipped(services: ShippedDeps, orgId: string, entries: readonly ChangelogEntryRecord[]): Promise<PublicEntry[]> {
  // Read together: the page shows every entry ever published, each linking any number of feedbacks.
  const resolved = await resolveFeedbacks(
    services,
    orgId,
    entries.flatMap((e) => e.feedbackIds),
  );
  const publications = await services.store.findPublications([...new Set([...resolved.values()].map((f) => f.id))]);
  const shown = (id: string): ShippedFeedback[] => {
    const feedback = resolved.get(id);
    const publication = feedback && publications.get(feedback.id);
    return feedback && publication ? [{ key: feedback.key, title: publication.title, votes: feedback.votes ?? 0, status: feedback.status }] : [];
  };
  return entries.map(({ feedbackIds, ...entry }) => {
    const shipped = feedbackIds.flatMap(shown);
    return { ...entry, shipped: shipped.filter((f, i) => shipped.findIndex((g) => g.key === f.key) === i) };
  });
}

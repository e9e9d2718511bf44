import { openPortal } from "../portal/open-portal.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import type { ChangelogEntryRecord } from "./entry.ts";

type PublicDeps = { readonly store: Pick<PortalStore, "findPortal" | "findPortalBySlug"> & Pick<ChangelogStore, "listEntries"> };

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

import { fail, ok, type Result } from "../errors.ts";
import { statusesOf } from "../feedback/status.ts";
import type { PortalRecord } from "../store/portals.ts";
import type { ListPosition } from "../store/feedbacks.ts";
import type { PublicationStore } from "../store/publications.ts";
import { type OpenPortalDeps, openPortal } from "./open-portal.ts";
import { publicPosition } from "./list-public-feedbacks.ts";

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
const SITEMAP_MAX = 50_000;
const BATCH = 500;

/** `/p/{slug}/sitemap.xml`: the keys of the portal's published feedbacks, newest first, with when each last changed. */
export async function sitemapEntries(
  services: OpenPortalDeps & { readonly store: Pick<PublicationStore, "listPublished"> },
  slug: string,
): Promise<Result<{ readonly portal: PortalRecord; readonly entries: ReadonlyArray<{ readonly key: string; readonly lastModified: number }> }>> {
  const portal = await openPortal(services, slug);
  if (!portal) return fail("not_found");
  const entries: Array<{ key: string; lastModified: number }> = [];
  const filter = { statuses: statusesOf("all") };
  let after: ListPosition | null = null;
  while (entries.length < SITEMAP_MAX) {
    const rows = await services.store.listPublished(portal.orgId, filter, after, Math.min(BATCH, SITEMAP_MAX - entries.length), "new");
    entries.push(...rows.map((r) => ({ key: r.feedback.key, lastModified: r.feedback.lastActivityAt })));
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = publicPosition(last, "new");
  }
  return ok({ portal, entries });
}

import type { PortalRecord, PortalStore } from "../store/portals.ts";

export type OpenPortalDeps = { readonly store: Pick<PortalStore, "findPortalBySlug"> };

/** The portal at `slug` when it is on; null otherwise, which every public page and JSON answers as not found. */
export async function openPortal(services: OpenPortalDeps, slug: string): Promise<PortalRecord | null> {
  const portal = await services.store.findPortalBySlug(slug.toLowerCase());
  return portal?.enabled ? portal : null;
}

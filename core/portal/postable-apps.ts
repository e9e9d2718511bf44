import type { CatalogStore } from "../store/catalog.ts";
import type { PortalRecord } from "../store/portals.ts";

/** The apps a person may post about: the organization's, by name (naturally). */
export async function postableApps(services: { readonly store: Pick<CatalogStore, "listApps"> }, portal: PortalRecord) {
  return (await services.store.listApps(portal.orgId)).map((a) => ({ id: a.id, name: a.name }));
}

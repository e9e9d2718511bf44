import { type Failure, notFound } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { CatalogStore } from "../store/catalog.ts";

/**
 * The app or feature a list is filtered by when the organization holds no such one. A model that
 * guessed an id (a feature's path for its id) is told so by MCP's list_feedbacks, as list_features
 * and get_feature tell it, rather than handed an empty list it would take for none.
 */
export async function missingFilter(
  services: { readonly store: Pick<CatalogStore, "findApp" | "findFeature"> },
  grant: Grant,
  query: { readonly appId?: string; readonly featureId?: string },
): Promise<Failure | null> {
  if (query.appId && !(await services.store.findApp(grant.orgId, query.appId))) return notFound("app", query.appId);
  if (query.featureId && !(await services.store.findFeature(grant.orgId, query.featureId))) return notFound("feature", query.featureId);
  return null;
}

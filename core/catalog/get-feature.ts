import { authorize } from "../authorization.ts";
import { notFound, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Feature } from "../schemas/catalog.ts";
import type { CatalogStore } from "../store/catalog.ts";
import { toFeature } from "./list-features.ts";

/** One feature of the organization, with its open feedbacks. */
export async function getFeature(
  services: { readonly store: Pick<CatalogStore, "findFeature" | "listFeatures"> },
  grant: Grant,
  featureId: string,
): Promise<Result<Feature>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feature = await services.store.findFeature(grant.orgId, featureId);
  if (!feature) return notFound("feature", featureId);
  const counted = (await services.store.listFeatures(grant.orgId, feature.appId)).find((f) => f.id === featureId);
  return counted ? ok(toFeature(counted)) : notFound("feature", featureId);
}

import { authorize } from "../authorization.ts";
import { notFound, ok, type Result } from "../errors.ts";
import type { FeatureRecord, Grant } from "../model.ts";
import type { Feature } from "../schemas/catalog.ts";
import type { CatalogStore } from "../store/catalog.ts";

export const toFeature = ({ orgId: _o, appId: _a, cues, code, ...f }: FeatureRecord & { openFeedbacks: number }): Feature => ({
  ...f,
  ...(cues && { cues: [...cues] }),
  ...(code && { code: [...code] }),
});

/** GET /v1/apps/{id}/features: the flat feature map with open feedbacks per feature. */
export async function listFeatures(
  services: { readonly store: Pick<CatalogStore, "findApp" | "listFeatures"> },
  grant: Grant,
  appId: string,
): Promise<Result<{ data: Feature[] }>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const app = await services.store.findApp(grant.orgId, appId);
  if (!app) return notFound("app", appId);
  return ok({ data: (await services.store.listFeatures(grant.orgId, appId)).map(toFeature) });
}

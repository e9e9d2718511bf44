import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { AppRecord, FeatureRecord, Grant } from "../model.ts";
import type { App, Feature } from "../schemas/catalog.ts";
import type { CatalogStore } from "../store/catalog.ts";

/** What reading the catalog reads. */
export type CatalogDeps = { readonly store: Pick<CatalogStore, "listApps" | "findApp" | "listFeatures" | "findFeature"> };

const toApp = ({ orgId: _, browser: __, ...app }: AppRecord): App => app;

/** GET /v1/apps. */
export async function listApps(services: CatalogDeps, grant: Grant): Promise<Result<{ data: App[] }>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  return ok({ data: (await services.store.listApps(grant.orgId)).map(toApp) });
}

export const toFeature = ({ orgId: _o, appId: _a, cues, code, ...f }: FeatureRecord & { openFeedbacks: number }): Feature => ({
  ...f,
  ...(cues && { cues: [...cues] }),
  ...(code && { code: [...code] }),
});

/** GET /v1/apps/{id}/features: the flat feature map with open feedbacks per feature. */
export async function listFeatures(services: CatalogDeps, grant: Grant, appId: string): Promise<Result<{ data: Feature[] }>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const app = await services.store.findApp(grant.orgId, appId);
  if (!app) return fail("not_found");
  return ok({ data: (await services.store.listFeatures(grant.orgId, appId)).map(toFeature) });
}

/** One feature of the organization, with its open feedbacks. */
export async function getFeature(services: CatalogDeps, grant: Grant, featureId: string): Promise<Result<Feature>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feature = await services.store.findFeature(grant.orgId, featureId);
  if (!feature) return fail("not_found");
  const counted = (await services.store.listFeatures(grant.orgId, feature.appId)).find((f) => f.id === featureId);
  return counted ? ok(toFeature(counted)) : fail("not_found");
}

import { authorize } from "../authorization.ts";
import type { FeatureFile } from "../catalog-files.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { AdminStore, CatalogStore } from "../store.ts";

/** Replaces an app's feature map; a feature without an id gets a stable one from its path. */
export async function importFeatures(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<AdminStore, "replaceFeatures"> },
  grant: Grant,
  appId: string,
  features: ReadonlyArray<FeatureFile[number]>,
): Promise<Result<{ readonly app: AppRecord; readonly count: number }>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const app = await deps.store.findApp(grant.orgId, appId);
  if (!app) return fail("not_found");
  await deps.store.replaceFeatures(
    app.orgId,
    app.id,
    features.map((f) => ({ ...f, id: f.id ?? `${app.id}:${f.path}` })),
  );
  return ok({ app, count: features.length });
}

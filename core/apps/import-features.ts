import type { FeatureFile } from "../catalog-files.ts";
import { ok, type Result } from "../errors.ts";
import { managedApp } from "./managed-app.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { AdminStore, CatalogStore } from "../store.ts";

/** Replaces an app's feature map; a feature without an id gets a stable one from its path. */
export async function importFeatures(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<AdminStore, "replaceFeatures"> },
  grant: Grant,
  appId: string,
  features: ReadonlyArray<FeatureFile[number]>,
): Promise<Result<{ readonly app: AppRecord; readonly count: number }>> {
  const managed = await managedApp(deps, grant, appId);
  if (!managed.ok) return managed;
  const app = managed.value;
  await deps.store.replaceFeatures(
    app.orgId,
    app.id,
    features.map((f) => ({ ...f, id: f.id ?? `${app.id}:${f.path}` })),
  );
  return ok({ app, count: features.length });
}

import { Type } from "@sinclair/typebox";
import type { FeatureFile } from "../catalog-files.ts";
import { invalid, ok, type Result } from "../errors.ts";
import type { FieldProblem } from "../schemas/field-problem.ts";
import { managedApp } from "./managed-app.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { AppSetupStore } from "../store/app-setup.ts";
import type { CatalogStore } from "../store/catalog.ts";

/**
 * Bounds of an app's feature map: every report reads the whole map to attach a feature, so a map
 * past these would make each report slow and heavy. An import past them is refused whole.
 */
export const MAX_FEATURES_PER_APP = 2000;
const MAX_CUES_PER_FEATURE = 50;

type FeatureDefinitions = ReadonlyArray<FeatureFile[number]>;

/** A feature's id: its own, or a stable one from its path. */
const featureId = (appId: string, feature: FeatureFile[number]): string => feature.id ?? `${appId}:${feature.path}`;

/**
 * What makes a feature map unfit, or null: more than 2000 features, a feature with more than 50
 * cues, or two features with one id (given, or taken from the path), which would silently become one.
 */
function featureMapProblem(appId: string, features: FeatureDefinitions): FieldProblem | null {
  if (features.length > MAX_FEATURES_PER_APP)
    return { field: "features", reason: "expected", schema: Type.Array(Type.Object({}), { maxItems: MAX_FEATURES_PER_APP }) };
  const seen = new Set<string>();
  for (const [i, feature] of features.entries()) {
    if ((feature.cues?.length ?? 0) > MAX_CUES_PER_FEATURE)
      return { field: `features.${i}.cues`, reason: "expected", schema: Type.Array(Type.String(), { maxItems: MAX_CUES_PER_FEATURE }) };
    const id = featureId(appId, feature);
    if (seen.has(id)) return { field: `features.${i}.${feature.id === undefined ? "path" : "id"}`, reason: "repeated" };
    seen.add(id);
  }
  return null;
}

/** Replaces an app's feature map, or refuses it whole when it is unfit; a feature without an id gets a stable one from its path. */
export async function importFeatures(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<AppSetupStore, "replaceFeatures"> },
  grant: Grant,
  appId: string,
  features: FeatureDefinitions,
): Promise<Result<{ readonly app: AppRecord; readonly count: number }>> {
  const managed = await managedApp(deps, grant, appId);
  if (!managed.ok) return managed;
  const app = managed.value;
  const problem = featureMapProblem(app.id, features);
  if (problem) return invalid("invalid_feature_map", problem);
  await deps.store.replaceFeatures(
    app.orgId,
    app.id,
    features.map(({ openFeedbacks: _counted, ...f }) => ({ ...f, id: featureId(app.id, f) })),
  );
  return ok({ app, count: features.length });
}

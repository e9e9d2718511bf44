import type { AppRecord, FeatureRecord } from "../model.ts";

export interface CatalogStore {
  listApps(orgId: string): Promise<AppRecord[]>;
  findApp(orgId: string, appId: string): Promise<AppRecord | null>;
  listFeatures(orgId: string, appId: string): Promise<Array<FeatureRecord & { readonly openFeedbacks: number }>>;
  findFeature(orgId: string, featureId: string): Promise<FeatureRecord | null>;
}

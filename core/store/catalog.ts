import type { AppRecord, FeatureRecord } from "../model.ts";

/** What an organization's apps and feature maps are, as the inbox and the reports read them. */
export interface CatalogStore {
  /** By name as people read it (core/catalog/app-order.ts): every list of apps shows them so. */
  listApps(orgId: string): Promise<AppRecord[]>;
  findApp(orgId: string, appId: string): Promise<AppRecord | null>;
  /** The app's features by path, ties by id. */
  listFeatures(orgId: string, appId: string): Promise<Array<FeatureRecord & { readonly openFeedbacks: number }>>;
  findFeature(orgId: string, featureId: string): Promise<FeatureRecord | null>;
}

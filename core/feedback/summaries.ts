import type { AppRecord, FeatureRecord, FeedbackRecord } from "../model.ts";
import type { FeedbackSummary } from "../schemas/feedback.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { PublicationStore } from "../store/publications.ts";
import { toSummary } from "./present.ts";

/** What summarizing feedbacks reads: their apps and features, each once. */
export type SummariesDeps = {
  readonly baseUrl: string;
  readonly store: Pick<CatalogStore, "listApps" | "findFeature"> & Pick<FollowerStore, "countFollowers"> & Pick<PublicationStore, "findPublications">;
};

/** The organization's apps, as a caller that reads them anyway hands them down: what naming a feedback's app takes. */
export type AppsRead = Promise<readonly Pick<AppRecord, "id" | "name">[]>;

/** Feedbacks as lists show them, with their app's name and feature's path; the apps are read here unless the caller reads them anyway. */
export async function summaries(
  services: SummariesDeps,
  orgId: string,
  feedbacks: readonly FeedbackRecord[],
  appsRead?: AppsRead,
): Promise<FeedbackSummary[]> {
  const { store } = services;
  const ids = feedbacks.map((f) => f.id);
  const [listed, followers, publications] = await Promise.all([
    appsRead ?? store.listApps(orgId),
    store.countFollowers(ids),
    store.findPublications(ids),
  ]);
  const apps = new Map(listed.map((a) => [a.id, a]));
  const features = new Map<string, FeatureRecord | null>();
  for (const id of new Set(feedbacks.map((f) => f.featureId).filter((x): x is string => Boolean(x)))) {
    features.set(id, await store.findFeature(orgId, id));
  }
  return feedbacks.map((f) =>
    toSummary(f, {
      app: apps.get(f.appId),
      feature: (f.featureId && features.get(f.featureId)) || undefined,
      baseUrl: services.baseUrl,
      followers: followers.get(f.id) ?? 0,
      publication: publications.get(f.id),
    }),
  );
}

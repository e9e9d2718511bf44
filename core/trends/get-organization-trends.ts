import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { TrendsQuery } from "../schemas/trends.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TrendStore } from "../store/trends.ts";
import { periodOf, type TrendFigures, trendsOf } from "./trends.ts";

type OrganizationTrendsDeps = Pick<Services, "clock"> & {
  readonly store: Pick<CatalogStore, "listApps" | "listFeatures"> & Pick<TrendStore, "countReportsByDay">;
};

/** A feature among every app's: its path and name, and the name of its app, since two apps may name a feature alike. */
interface AppFeature {
  readonly id: string;
  readonly path: string;
  readonly name: string;
  readonly app: string;
}

/**
 * The trends of every app of the organization together (the Trends page's "All apps"): each app's
 * reports, counted as an app's trends count them, added up day by day; a feature says its app.
 */
export async function getOrganizationTrends(
  services: OrganizationTrendsDeps,
  grant: Grant,
  query: TrendsQuery,
): Promise<Result<TrendFigures<AppFeature>>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const { store } = services;
  const period = periodOf(services.clock(), Number(query.days ?? "30"));
  const apps = await store.listApps(grant.orgId);
  const read = await Promise.all(
    apps.map(async (app) => {
      const [counts, features] = await Promise.all([
        store.countReportsByDay(grant.orgId, app.id, period.from, period.to),
        store.listFeatures(grant.orgId, app.id),
      ]);
      return { counts, features: features.map(({ id, path, name }) => ({ id, path, name, app: app.name })) };
    }),
  );
  return ok(
    trendsOf(
      period.starts,
      read.flatMap((r) => r.counts),
      read.flatMap((r) => r.features),
    ),
  );
}

import { authorize } from "../authorization.ts";
import { notFound, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Trends, TrendsQuery } from "../schemas/trends.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TrendStore } from "../store/trends.ts";
import { periodOf, trendsOf } from "./trends.ts";

type TrendsDeps = Pick<Services, "clock"> & {
  readonly store: Pick<CatalogStore, "findApp" | "listFeatures"> & Pick<TrendStore, "countReportsByDay">;
};

/** GET /v1/apps/{id}/trends: reports per day by kind and by feature over 30 or 90 days, and the features growing fastest this week. */
export async function getAppTrends(services: TrendsDeps, grant: Grant, appId: string, query: TrendsQuery): Promise<Result<Trends>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const { store } = services;
  if (!(await store.findApp(grant.orgId, appId))) return notFound("app", appId);
  const period = periodOf(services.clock(), Number(query.days ?? "30"));
  const [counts, features] = await Promise.all([
    store.countReportsByDay(grant.orgId, appId, period.from, period.to),
    store.listFeatures(grant.orgId, appId),
  ]);
  // Named by id, path and name alone: the answer holds nothing else of a feature.
  return ok({
    appId,
    ...trendsOf(
      period.starts,
      counts,
      features.map(({ id, path, name }) => ({ id, path, name })),
    ),
  });
}

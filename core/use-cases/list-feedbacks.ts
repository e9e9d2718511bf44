import { canonicalJson } from "../report/fingerprint.ts";
import { decodeCursor, encodeCursor } from "../feedback/cursor.ts";
import { fail, ok, type Result } from "../errors.ts";
import { toSummary } from "../feedback/present.ts";
import { searchWords } from "../feedback/search-words.ts";
import { statusesOf } from "../feedback/status.ts";
import type { FeatureRecord, Grant } from "../model.ts";
import type { FeedbackListQuery, FeedbackPage } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackFilter } from "../store.ts";

export const DEFAULT_PAGE_SIZE = 20;

/** The filters of a list query as the store reads them. */
export function feedbackFilter(query: FeedbackListQuery): FeedbackFilter {
  const words = query.query ? searchWords(query.query) : [];
  return {
    statuses: statusesOf(query.status ?? "open"),
    ...(query.kind && { kind: query.kind }),
    ...(query.severity && { severity: query.severity }),
    ...(query.appId && { appId: query.appId }),
    ...(query.featureId && { featureId: query.featureId }),
    ...(words.length > 0 && { words }),
  };
}

/** GET /v1/feedbacks: one page of the organization's feedbacks, most recently active first. */
export async function listFeedbacks(services: Services, grant: Grant, query: FeedbackListQuery): Promise<Result<FeedbackPage>> {
  const { store } = services;
  const filter = feedbackFilter(query);
  const filterKey = canonicalJson(filter);
  const secret = await store.serviceSecret();
  const after = query.cursor ? await decodeCursor(secret, query.cursor, filterKey) : null;
  if (query.cursor && !after) return fail("invalid_cursor");

  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await store.listFeedbacks(grant.orgId, filter, after, limit + 1);
  const page = rows.slice(0, limit);
  const apps = new Map((await store.listApps(grant.orgId)).map((a) => [a.id, a]));
  const features = new Map<string, FeatureRecord | null>();
  for (const id of new Set(page.map((f) => f.featureId).filter((x): x is string => Boolean(x)))) {
    features.set(id, await store.findFeature(grant.orgId, id));
  }
  const data = page.map((f) =>
    toSummary(f, {
      app: apps.get(f.appId),
      feature: (f.featureId && features.get(f.featureId)) || undefined,
      baseUrl: services.baseUrl,
    }),
  );
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? await encodeCursor(secret, last, filterKey) : null;
  return ok({ data, nextCursor });
}

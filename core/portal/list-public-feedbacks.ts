import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { decodeCursor, encodeCursor } from "../feedback/cursor.ts";
import { findsNothing, searchWords } from "../feedback/search-words.ts";
import { statusesOf } from "../feedback/status.ts";
import { canonicalJson } from "../report/fingerprint.ts";
import type { PortalSort, PublicFeedbackPage, PublicListQuery } from "../schemas/portal.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { CommentStore } from "../store/comments.ts";
import type { ListPosition } from "../store/feedbacks.ts";
import type { PortalRecord } from "../store/portals.ts";
import type { PublicationStore, PublicFilter, PublishedFeedback } from "../store/publications.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { type OpenPortalDeps, openPortal } from "./open-portal.ts";
import { toPublicSummary } from "./public-view.ts";
import { topRank } from "./top-rank.ts";

const DEFAULT_PAGE_SIZE = 20;

export type PublicListDeps = OpenPortalDeps &
  Pick<Services, "baseUrl"> & {
    readonly store: Pick<PublicationStore, "listPublished"> &
      Pick<CatalogStore, "listApps"> &
      Pick<CommentStore, "countPublicComments"> &
      Pick<ServiceSecretStore, "serviceSecret">;
  };

/** The filters of a public query as the store reads them; words fold as the publication's words do. */
function publicFilter(query: PublicListQuery): PublicFilter {
  const words = query.query ? searchWords(query.query) : [];
  return {
    statuses: statusesOf(query.status ?? "open"),
    ...(query.kind && { kind: query.kind }),
    ...(query.appId && { appId: query.appId }),
    ...(words.length > 0 && { words }),
  };
}

/** A published feedback's place in a public list of this order. */
export function publicPosition({ feedback }: PublishedFeedback, order: PortalSort): ListPosition {
  const value = order === "top" ? topRank(feedback) : order === "new" ? feedback.createdAt : feedback.lastActivityAt;
  return { value, id: feedback.id };
}

/**
 * GET /v1/portal/{slug}/feedbacks and the board: one page of published feedbacks, public fields
 * only, paged by cursor, with the organization's apps to filter by. No authentication; a portal
 * that is off is not found.
 */
export async function listPublicFeedbacks(
  services: PublicListDeps,
  slug: string,
  query: PublicListQuery,
  language: Language,
): Promise<
  Result<{
    readonly portal: PortalRecord;
    readonly page: PublicFeedbackPage;
    readonly apps: ReadonlyArray<{ readonly id: string; readonly name: string }>;
  }>
> {
  const portal = await openPortal(services, slug);
  if (!portal) return fail("not_found");
  const { store } = services;
  const filter = publicFilter(query);
  const order = query.sort ?? "top";
  const filterKey = canonicalJson({ portal: portal.slug, filter, order });
  const secret = await store.serviceSecret();
  const after = query.cursor ? await decodeCursor(secret, query.cursor, filterKey) : null;
  if (query.cursor && !after) return fail("invalid_cursor");
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const rows = findsNothing(query.query) ? [] : await store.listPublished(portal.orgId, filter, after, limit + 1, order);
  const shown = rows.slice(0, limit);
  const [apps, comments] = await Promise.all([store.listApps(portal.orgId), store.countPublicComments(shown.map((p) => p.feedback.id))]);
  const appsById = new Map(apps.map((a) => [a.id, a]));
  const data = shown.map((p) =>
    toPublicSummary(
      p,
      { portal, language, baseUrl: services.baseUrl, app: appsById.get(p.feedback.appId), votes: p.feedback.votes ?? 0 },
      comments.get(p.feedback.id) ?? 0,
    ),
  );
  const last = shown.at(-1);
  const nextCursor = rows.length > limit && last ? await encodeCursor(secret, publicPosition(last, order), filterKey) : null;
  return ok({ portal, page: { data, nextCursor }, apps: apps.map((a) => ({ id: a.id, name: a.name })) });
}

/**
 * Whether the organization has published anything at all, whatever its status: an empty board
 * says whether nothing is open or nothing is public yet (where "see every status" would lead to
 * another empty list).
 */
export async function anythingPublished(services: { readonly store: Pick<PublicationStore, "listPublished"> }, orgId: string): Promise<boolean> {
  return (await services.store.listPublished(orgId, { statuses: statusesOf("all") }, null, 1, "new")).length > 0;
}

import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { cursorKey, DEFAULT_PAGE_SIZE, exactKeyMatch } from "./list-feedbacks.ts";
import { type ListFilterDeps, type ListQuery, listFilter } from "./list-filter.ts";
import { positionOf, top } from "./order.ts";

/** Where the page before starts: after `cursor`, or at the top of the list (the first page) when null. */
export interface PreviousPage {
  readonly cursor: string | null;
}

type PreviousDeps = ListFilterDeps & {
  readonly store: Pick<ServiceSecretStore, "serviceSecret"> & Pick<FeedbackStore, "listFeedbacksUpTo" | "findFeedback">;
};

/**
 * The way back from a page of a list paged by cursor: the page that ends where this one starts,
 * read back from the cursor's position, so a page's address alone leads back (shared, bookmarked)
 * and what left the list meanwhile leaves no hole. Null on the first page (no cursor).
 */
export async function previousPage(services: PreviousDeps, grant: Grant, query: ListQuery): Promise<Result<PreviousPage | null>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  if (!query.cursor) return ok(null);
  const filtered = await listFilter(services, grant, query);
  if (!filtered.ok) return filtered;
  const filter = filtered.value;
  const order = query.sort ?? "activity";
  const secret = await services.store.serviceSecret();
  const at = await decodeCursor(secret, query.cursor, cursorKey(filter, order));
  if (!at) return fail("invalid_cursor");

  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  // A search for a key puts that feedback first on the first page, which then holds one row fewer of the rest.
  const exact = await exactKeyMatch(services, grant.orgId, query, filter);
  const pinned = exact ? 1 : 0;
  // One row more than a page tells whether the page before is the first.
  const back = (await services.store.listFeedbacksUpTo(grant.orgId, filter, at, limit + 1 + pinned, order)).filter((f) => f.id !== exact?.id);
  if (back.length <= limit - pinned) return ok({ cursor: null });
  const before = back[limit];
  return ok({ cursor: await encodeCursor(secret, before ? positionOf(before, order) : top(order), cursorKey(filter, order)) });
}

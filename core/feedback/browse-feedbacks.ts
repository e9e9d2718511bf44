import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { FeedbackPage, Status } from "../schemas/feedback.ts";
import type { TagRecord } from "../store/triage.ts";
import type { AppsRead } from "./summaries.ts";
import { type CountDeps, countsByStatus } from "./count-feedbacks.ts";
import { keepsNothing, type ListFilterDeps, type ListQuery, listFilter } from "./list-filter.ts";
import { type BackDeps, listPlace, type PageDeps, pageAt, pageBefore, type PlaceDeps, type PreviousPage } from "./list-paging.ts";

/** A page of the list as a person browses it, with the way back from it and the counts beside it. */
interface Browsed {
  /** The page, as GET /v1/feedbacks gives it; `invalid_cursor` for a cursor the list refuses. */
  readonly page: Result<FeedbackPage>;
  /** The way back to the page before; null on the first page, or from a cursor the list refuses. */
  readonly previous: PreviousPage | null;
  /** How many feedbacks each status holds among those the other filters keep, as countFeedbacks counts them. */
  readonly counts: Partial<Record<Status, number>>;
}

type BrowseDeps = ListFilterDeps & PlaceDeps & PageDeps & BackDeps & CountDeps;

/** What the page around the list reads anyway, handed down so that the list reads it no more. */
interface ReadBeside {
  /** The organization's tags, which spell a tag filter. */
  readonly tags: Promise<readonly Pick<TagRecord, "name">[]>;
  /** The organization's apps, which the rows name. */
  readonly apps: AppsRead;
}

/**
 * The inbox's list: its page, its way back and its counts, as listFeedbacks, the way back and
 * countFeedbacks give them, from one reading of the filter, of the cursor and of the key searched.
 */
export async function browseFeedbacks(services: BrowseDeps, grant: Grant, query: ListQuery, beside?: ReadBeside): Promise<Result<Browsed>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const filtered = await listFilter(services, grant, query, beside?.tags);
  if (!filtered.ok) return filtered;
  const filter = filtered.value;
  const [placed, counts] = await Promise.all([listPlace(services, grant.orgId, query, filter), countsByStatus(services, grant.orgId, query, filter)]);
  // A list that keeps nothing is empty whatever its cursor, as listFeedbacks has it; the way back is
  // read all the same, as a search with nothing to find by leaves the list's cursors good.
  const [page, previous] = await Promise.all([
    keepsNothing(query, filter)
      ? ok({ data: [], nextCursor: null })
      : placed.ok
        ? pageAt(services, grant.orgId, placed.value, beside?.apps).then(ok)
        : placed,
    placed.ok ? pageBefore(services, grant.orgId, placed.value) : null,
  ]);
  return ok({ page, previous, counts });
}

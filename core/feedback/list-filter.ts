import type { Result } from "../errors.ts";
import { ok } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { FeedbackListQuery, Status } from "../schemas/feedback.ts";
import type { FeedbackFilter } from "../store/feedbacks.ts";
import type { TagRecord, TriageStore } from "../store/triage.ts";
import type { UserStore } from "../store/users.ts";
import { pastDueBefore } from "../triage/overdue.ts";
import { ownerFilter } from "../triage/owner-filter.ts";
import { spelledTag } from "../triage/tag-names.ts";
import { findsNothing, searchWords } from "./search-words.ts";
import { isOpen, statusesOf } from "./status.ts";

/**
 * The inbox's filter by due date: open and past its due day by the clock (as isOverdue has it),
 * with a due date, without one. Not a filter of the API's list, whose filters the design names.
 */
export const DUE_FILTERS = ["overdue", "set", "none"] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/** A list's query as the use cases read it: the API's, and the inbox's filter by due date. */
export type ListQuery = FeedbackListQuery & { readonly due?: DueFilter };

/** What reading a list's filters takes: the person `owner=me` names, the organization's tags, and the clock an overdue list is read by. */
export type ListFilterDeps = { readonly store: Pick<UserStore, "findUser"> & Pick<TriageStore, "listTags">; readonly clock: Clock };

/**
 * The filters of a list query as the store reads them: the owner read (`me`, `none`, an e-mail),
 * the tag as the organization spells it, since a tag named in another case is that tag, as when it
 * is given to a feedback, and the overdue as the open ones due before the clock's day. The
 * organization's tags are read here unless the caller reads them anyway (`tagsRead`).
 */
export async function listFilter(
  deps: ListFilterDeps,
  grant: Grant,
  query: ListQuery,
  tagsRead?: Promise<readonly Pick<TagRecord, "name">[]>,
): Promise<Result<FeedbackFilter>> {
  const owner = await ownerFilter(deps, grant, query.owner);
  if (!owner.ok) return owner;
  const tag = query.tag && spelledTag(query.tag, await (tagsRead ?? deps.store.listTags(grant.orgId)));
  const filter = feedbackFilter({ ...query, ...(tag && { tag }) }, owner.value);
  const due = query.due === "overdue" ? { before: pastDueBefore(deps.clock()) } : query.due;
  return ok({ statuses: statusesKept(query), ...filter, ...(due && { due }) });
}

/** The statuses a list keeps of those its status filter names (open by default): the open ones alone when it asks for the overdue. */
export function statusesKept(query: Pick<ListQuery, "status" | "due">): readonly Status[] {
  const named = statusesOf(query.status ?? "open");
  return query.due === "overdue" ? named.filter(isOpen) : named;
}

/** Whether a list keeps no feedback whatever the store holds: a search with nothing to find by, or no status left (overdue among the closed). */
export const keepsNothing = (query: ListQuery, filter: FeedbackFilter): boolean => findsNothing(query.query) || filter.statuses.length === 0;

/** The filters of a list query but its statuses and due date, as the store reads them, the owner and the tag as read (an owner undefined: any). */
function feedbackFilter(query: FeedbackListQuery, owner?: string | null): Omit<FeedbackFilter, "statuses"> {
  const words = query.query ? searchWords(query.query) : [];
  return {
    ...(query.kind && { kind: query.kind }),
    ...(query.severity && { severity: query.severity }),
    ...(query.appId && { appId: query.appId }),
    ...(query.featureId && { featureId: query.featureId }),
    ...(words.length > 0 && { words }),
    ...(query.published !== undefined && { published: query.published }),
    ...(query.source && { source: query.source }),
    ...(owner !== undefined && { owner }),
    ...(query.tag && { tag: query.tag }),
  };
}

import type { Result } from "../errors.ts";
import { ok } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { FeedbackListQuery } from "../schemas/feedback.ts";
import type { FeedbackFilter } from "../store/feedbacks.ts";
import type { TriageStore } from "../store/triage.ts";
import type { UserStore } from "../store/users.ts";
import { ownerFilter } from "../triage/owner-filter.ts";
import { spelledTag } from "../triage/tag-names.ts";
import { searchWords } from "./search-words.ts";
import { statusesOf } from "./status.ts";

/** What reading a list's filters takes: the person `owner=me` names, and the organization's tags. */
export type ListFilterDeps = { readonly store: Pick<UserStore, "findUser"> & Pick<TriageStore, "listTags"> };

/**
 * The filters of a list query as the store reads them: the owner read (`me`, `none`, an e-mail),
 * and the tag as the organization spells it, since a tag named in another case is that tag, as
 * when it is given to a feedback.
 */
export async function listFilter(deps: ListFilterDeps, grant: Grant, query: FeedbackListQuery): Promise<Result<FeedbackFilter>> {
  const owner = await ownerFilter(deps, grant, query.owner);
  if (!owner.ok) return owner;
  const tag = query.tag && spelledTag(query.tag, await deps.store.listTags(grant.orgId));
  return ok(feedbackFilter({ ...query, ...(tag && { tag }) }, owner.value));
}

/** The filters of a list query as the store reads them, the owner and the tag as read (an owner undefined: any). */
function feedbackFilter(query: FeedbackListQuery, owner?: string | null): FeedbackFilter {
  const words = query.query ? searchWords(query.query) : [];
  return {
    statuses: statusesOf(query.status ?? "open"),
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

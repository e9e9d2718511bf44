import { authorize } from "../authorization.ts";
import { invalid, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { JobQueue } from "../store/jobs.ts";
import { BulkRequest, type BulkResults, type FeedbackUpdate } from "../schemas/triage.ts";
import { dueTime } from "./due-date.ts";
import { newTagsRefused } from "./new-tags.ts";
import { resolveTags } from "./tag-names.ts";
import { type BulkWrite, type UpdateFeedbackDeps, updateFeedback } from "./update-feedback.ts";

/**
 * POST /v1/feedbacks/bulk: the same change to each feedback named, each through its own update
 * (its own events, its own refusal), in the order given. A key that cannot be changed says why
 * with the code its PATCH would answer; the others are changed all the same. Every update writes at
 * the bulk's time: a member assigned several feedbacks by it gets one e-mail (notify-assignee.ts),
 * once all are written.
 */
export async function bulkUpdate(
  services: UpdateFeedbackDeps & { readonly store: Pick<JobQueue, "hastenJob"> },
  grant: Grant,
  request: BulkRequest,
): Promise<Result<BulkResults>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const { set } = request;
  const tagged = set.addTags !== undefined || set.removeTags !== undefined;
  // A comment goes with a change: alone, a spec client's PATCH would be refused too.
  if (set.status === undefined && set.owner === undefined && set.dueAt === undefined && !tagged) {
    return invalid("invalid_body", { field: "set", reason: "no_change" });
  }
  // A day off the calendar is the request's fault, not each feedback's: refused as a whole.
  if (typeof set.dueAt === "string" && dueTime(set.dueAt) === undefined) {
    return invalid("invalid_body", { field: "set.dueAt", reason: "expected", schema: BulkRequest.properties.set.properties.dueAt });
  }
  // So is a tag it may not create: else each feedback would say it, and none say why.
  if (set.addTags !== undefined) {
    const known = await services.store.listTags(grant.orgId);
    const refused = newTagsRefused(set.addTags, resolveTags(set.addTags, known, services.clock()).created, known.length, "set.addTags");
    if (refused) return refused;
  }
  const results: BulkResults["results"] = [];
  const bulk: BulkWrite = { at: services.clock(), ...(tagged && { tags: { add: set.addTags ?? [], remove: set.removeTags ?? [] } }) };
  for (const key of request.keys) {
    const update: { -readonly [K in keyof FeedbackUpdate]: FeedbackUpdate[K] } = {};
    if (set.status !== undefined) update.status = set.status;
    if (set.comment !== undefined) update.comment = set.comment;
    if (set.owner !== undefined) update.owner = set.owner;
    if (set.dueAt !== undefined) update.dueAt = set.dueAt;
    const updated = await updateFeedback(services, grant, key, update, bulk);
    const merged = updated.ok && updated.value.mergedInto;
    results.push(updated.ok ? { key, ok: true, ...(merged && { mergedInto: merged }) } : { key, ok: false, code: updated.code });
  }
  // The e-mail of its first assignment waited for the others to be written, to name them all: they are.
  if (bulk.lead) await services.store.hastenJob(bulk.lead, services.clock());
  return ok({ results });
}

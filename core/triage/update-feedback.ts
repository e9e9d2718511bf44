import { assignmentDue, assignmentJob } from "../team/notify-assignee.ts";
import { authorize, can } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import { type ChangeStatusDeps, changeStatus } from "../feedback/change-status.ts";
import { mergedAway, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import { presentFeedback } from "../feedback/present-feedback.ts";
import type { FeedbackRecord, Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import { FeedbackUpdate, MAX_TAGS } from "../schemas/triage.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { DecidedOn, TagRecord, TriageFields, TriageStore } from "../store/triage.ts";
import type { UserStore } from "../store/users.ts";
import { dueTime } from "./due-date.ts";
import { newTagsRefused } from "./new-tags.ts";
import { resolveTags, retag } from "./tag-names.ts";
import type { JobRequest } from "../feedback/events.ts";
import { oneSubject } from "../grouping/candidates.ts";

/** What updating a feedback reads and writes: a status change, and the triage fields beside it. */
export type UpdateFeedbackDeps = ChangeStatusDeps & {
  readonly store: ChangeStatusDeps["store"] &
    Pick<TriageStore, "setTriageFields" | "listTags"> &
    Pick<UserStore, "findUser" | "findUserByEmail" | "listMembers"> &
    Pick<CatalogStore, "findFeature">;
};

/** The fields of an update that are not the status: each emits no event. */
const TRIAGE_FIELDS = ["owner", "dueAt", "severity", "kind", "featureId", "title", "tags"] as const;

/**
 * The owner as stored: a member's e-mail, normalized; `me`, the grant's person (as the list's owner
 * filter reads it; an API key is no one); null clears it.
 */
async function ownerOf(services: UpdateFeedbackDeps, grant: Grant, owner: string | null): Promise<Result<string | null>> {
  if (owner === null) return ok(null);
  const me = owner === "me" && !grant.apiKey ? await services.store.findUser(grant.userId) : null;
  // An API key or the operator's CLI: `me` is no one, which the list's owner filter says the same way.
  if (owner === "me" && !me) return invalid("unknown_owner", { field: "owner", reason: "no_person", given: owner });
  const email = me ? me.email : normalizeEmail(owner);
  const [user, members] = await Promise.all([me ?? services.store.findUserByEmail(email), services.store.listMembers(grant.orgId)]);
  if (user && members.some((m) => m.userId === user.id)) return ok(email);
  // Who may read the organization's members (organization.read: a person, not an API key or an
  // agent) is told who may own; the others no more than that the owner must be a member, lest any
  // key or agent with feedbacks:write list them all.
  if (!can(grant, "organization.read")) return fail("unknown_owner");
  const emails = members.map((m) => m.email).sort();
  return invalid("unknown_owner", { field: "owner", reason: "not_member", given: owner, members: emails });
}

/** The triage fields to write, checked against the organization: its members, the feedback's app's features, its tags. */
async function triageFields(
  services: UpdateFeedbackDeps,
  grant: Grant,
  feedback: FeedbackRecord,
  update: FeedbackUpdate,
): Promise<Result<{ fields: TriageFields; created: TagRecord[] }>> {
  const fields: { -readonly [K in keyof TriageFields]: TriageFields[K] } = {};
  if (update.owner !== undefined) {
    const owner = await ownerOf(services, grant, update.owner);
    if (!owner.ok) return owner;
    fields.owner = owner.value;
  }
  if (update.dueAt !== undefined) {
    const at = update.dueAt === null ? null : dueTime(update.dueAt);
    if (at === undefined) return invalid("invalid_body", { field: "dueAt", reason: "expected", schema: FeedbackUpdate.properties.dueAt });
    fields.dueAt = at;
  }
  if (update.featureId !== undefined && update.featureId !== null) {
    const feature = await services.store.findFeature(grant.orgId, update.featureId);
    if (feature?.appId !== feedback.appId) return fail("unknown_feature");
  }
  if (update.featureId !== undefined) fields.featureId = update.featureId;
  if (update.severity !== undefined) fields.severity = update.severity;
  if (update.kind !== undefined) fields.kind = update.kind;
  if (update.title !== undefined) fields.title = update.title.trim();
  if (update.tags === undefined) return ok({ fields, created: [] });
  const known = await services.store.listTags(grant.orgId);
  const tags = resolveTags(update.tags, known, services.clock());
  // A bulk change adds to the tags a feedback has: together they keep within the limit too.
  if (tags.names.length > MAX_TAGS) return invalid("invalid_body", { field: "tags", reason: "expected", schema: FeedbackUpdate.properties.tags });
  const refused = newTagsRefused(update.tags, tags.created, known.length, "tags");
  if (refused) return refused;
  return ok({ fields: { ...fields, tags: tags.names }, created: tags.created });
}

/**
 * A kind, or tags, changed by someone else meanwhile make a guarded write fail. Each failure is
 * another write to this feedback that landed, so a few rereads settle it; the bound stops one
 * request rereading without end while others keep writing the same feedback (a script, a loop).
 */
const MAX_ATTEMPTS = 5;

/** Tags added to and removed from those a feedback has (a bulk change), by name in any case. */
interface TagChange {
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

/**
 * What a bulk change gives each of its updates: its time, which all its changes are written at, so
 * that the e-mail telling an owner of the feedbacks it assigned them finds them together
 * (notify-assignee.ts); the tags it adds and removes; and the job telling of the first feedback it
 * assigned, which the update that queues it notes (`lead`): the others are due after it.
 */
export interface BulkWrite {
  readonly at: number;
  readonly tags?: TagChange;
  /** None until an update queues an e-mail: the first keys may have been the owner's already, and queued none. */
  lead?: JobRequest;
}

/**
 * Writes the triage fields of an update with the jobs they queue: a new owner is told, and a
 * feedback moved to a kind of another subject is compared again. The change of kind is written
 * only over the kind it was decided on, so that two people changing it at once cannot leave it
 * uncompared on its new subject; tags added or removed, only over the tags they were added to, so
 * that a tag another change set (or renamed) meanwhile stays.
 */
async function writeTriage(
  services: UpdateFeedbackDeps,
  grant: Grant,
  first: FeedbackRecord,
  update: FeedbackUpdate,
  at: number,
  bulk?: BulkWrite,
): Promise<Result<true>> {
  const tagChange = bulk?.tags;
  let feedback: FeedbackRecord | null = first;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && feedback; attempt++) {
    const had = feedback.tags ?? [];
    const checked = await triageFields(
      services,
      grant,
      feedback,
      tagChange ? { ...update, tags: retag(had, tagChange.add, tagChange.remove) } : update,
    );
    if (!checked.ok) return checked;
    // A new owner is told by e-mail, from the queue (one who takes it themselves is not); of a bulk
    // change, once it is written, in one e-mail for all it assigned them.
    const { owner, kind } = checked.value.fields;
    const assigned = owner && owner !== feedback.owner ? [assignmentJob(grant.orgId, feedback.id, grant.userId, at)] : [];
    // Moved to a kind of another subject (praise to a problem, or back), it was never compared with
    // the feedbacks of its new kind: grouping looks again, and only suggests.
    const regroup: JobRequest[] =
      kind !== undefined && !oneSubject(kind, feedback.kind) ? [{ kind: "regroup_feedback", orgId: grant.orgId, feedbackId: feedback.id }] : [];
    // The activity keeps who changed what, field by field.
    const author = { id: services.ids.id(), by: grant.userId, at };
    const decidedOn: DecidedOn = { ...(kind !== undefined && { kind: feedback.kind }), ...(tagChange && { tags: had }) };
    const { fields, created } = checked.value;
    // A bulk change sets no kind: its only job is the owner's e-mail.
    const due = bulk ? assignmentDue(bulk.at, !bulk.lead) : at;
    if (await services.store.setTriageFields(grant.orgId, feedback.id, fields, created, [...assigned, ...regroup], due, author, decidedOn)) {
      if (bulk && !bulk.lead) bulk.lead = assigned[0];
      return ok(true);
    }
    // Refused with nothing to compare, or merged meanwhile, it is gone: the fields are not carried
    // to the feedback that holds it now.
    const guarded = decidedOn.kind !== undefined || decidedOn.tags !== undefined;
    const now: FeedbackRecord | null = guarded ? await services.store.findFeedback(grant.orgId, feedback.id) : null;
    feedback = now?.mergedInto ? null : now;
  }
  if (!feedback) return fail("not_found");
  // Of a bulk change, said of this feedback alone (the others are changed all the same): too many
  // changes to it at once, which a later try gets through.
  if (bulk) return fail("rate_limited");
  throw new Error(`the kind of ${first.id} kept changing under ${MAX_ATTEMPTS} attempts`);
}

/**
 * PATCH /v1/feedbacks/{key}: the specification's status change (its comment, events and jobs, as
 * changeStatus writes them), and the triage fields a team sets by hand, which emit no event. The
 * status is required only when no triage field is sent; a comment alone stays with the status.
 * A key merged into another changes that one, as GET answers with it, and says so (mergedInto).
 * A bulk change gives its time (BulkWrite), and tags to add and remove instead of tags: added to
 * and removed from the tags the feedback has when it is written, never over a change made since
 * they were read.
 */
export async function updateFeedback(
  services: UpdateFeedbackDeps,
  grant: Grant,
  keyOrId: string,
  update: FeedbackUpdate,
  bulk?: BulkWrite,
): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const triage = bulk?.tags !== undefined || TRIAGE_FIELDS.some((field) => update[field] !== undefined);
  if (update.status === undefined && !triage) return invalid("invalid_body", { field: "status", reason: "no_update" });
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const updated = await updateFound(services, grant, feedback, update, triage, bulk);
  return updated.ok && mergedAway(feedback, keyOrId) ? ok({ ...updated.value, mergedInto: feedback.key }) : updated;
}

/** The update of a feedback found; `triage` when the update sends a triage field, or changes its tags. */
async function updateFound(
  services: UpdateFeedbackDeps,
  grant: Grant,
  feedback: FeedbackRecord,
  update: FeedbackUpdate,
  triage: boolean,
  bulk?: BulkWrite,
): Promise<Result<Feedback>> {
  // One time for the triage fields and the status change, though written apart: the e-mails their
  // jobs send find the parts of one change by it, to tell each person all of it at once (change-mail.ts).
  const at = bulk?.at ?? services.clock();
  if (triage) {
    const written = await writeTriage(services, grant, feedback, update, at, bulk);
    if (!written.ok) return written;
  }
  if (update.status !== undefined || update.comment?.trim()) {
    const status = update.status ?? feedback.status;
    return changeStatus(services, grant, feedback.id, { status, ...(update.comment !== undefined && { comment: update.comment }) }, { at });
  }
  const updated = await resolveFeedback(services, grant.orgId, feedback.id);
  return updated ? ok(await presentFeedback(services, updated)) : fail("not_found");
}

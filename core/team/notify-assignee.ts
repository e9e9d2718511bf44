import { authorOf } from "../feedback/author.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { FindManyDeps } from "../feedback/find-feedback.ts";
import type { FeedbackRecord } from "../model.ts";
import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { TeamStore } from "../store/team.ts";
import type { TriageStore } from "../store/triage.ts";
import type { TriageChange } from "../triage/journal.ts";
import { teamMail } from "./team-mail.ts";
import type { Notice } from "../notify/send-once.ts";
import { tellEach } from "../notify/tell-each.ts";
import { assignedMessage, assignedTogetherMessage } from "./team-messages.ts";
import { noticeKey } from "../notify/notice-key.ts";
import { type ChangeMailDeps, changeOf, tellOfChange } from "./change-mail.ts";

/**
 * The job that tells a feedback's owner it was assigned to them: whoever sets `owner` (the triage
 * change, a bulk action) queues it with the change, in the same transaction, naming who assigned
 * and when. A person who assigns a feedback to themselves is not told. The job tells an assignment
 * only while it stands, read in the feedback's activity: one given over before the job ran (to
 * another member, or taken and given back) is told by the job of the change that gave it over,
 * naming who made that one; so the one who has it is told once, by whom, whenever the jobs run.
 *
 * A bulk change writes each feedback on its own (its own transaction, its own job), all at the
 * bulk's time: assigning 64 feedbacks to Lena queues 64 jobs. Lena gets one e-mail all the same.
 * The job, when it runs, gathers the assignments made with its own (same person, same instant, same
 * owner: assignmentsAt, from the feedbacks' activity) and tells them in one message, each
 * feedback's notice claimed and confirmed with it (sendOnceTogether); the siblings' jobs then find
 * theirs told, and send nothing. So nothing is lost (each job answers for its own feedback, and an
 * interrupted bulk tells what it wrote), and nothing is told twice (each feedback's notice, once).
 * For the message to name them all, the first job the bulk queues (its lead) waits until the bulk
 * is written, when the bulk makes it due (hastenJob), and the others longer (BULK_FOLLOW_MS), so
 * that it runs alone and they find theirs told: see assignmentDue.
 */
export const assignmentJob = (orgId: string, feedbackId: string, byUserId: string, at: number): JobRequest => ({
  kind: "notify_assignee",
  orgId,
  feedbackId,
  detail: `${at}:${byUserId}`,
});

/**
 * How long a bulk's lead waits for the bulk to say it is written, should it never say so (it
 * stopped halfway: a crash). Far longer than a bulk of the most keys takes to be written, so that
 * one slow to write is still told in one e-mail: a bulk that ran longer than this and did not crash
 * could still be told in several (what it had written by then, then the rest as their jobs find
 * them), none twice.
 */
const BULK_WRITTEN_MS = 5 * 60_000;
/** Far longer than the job that tells a bulk's assignments takes, mail server included. */
const BULK_FOLLOW_MS = 60_000;

/**
 * When the job telling of an assignment that a bulk change made at `at` is due, as it is queued: the
 * first it queues (its lead, whatever keys before it queued none) once the bulk is written, which
 * the bulk says by making it due then (or BULK_WRITTEN_MS on, if it never does); the others after
 * that, once the lead ran, to find their feedbacks told (or, after a crash, to tell those it left).
 */
export const assignmentDue = (at: number, first: boolean): number => at + BULK_WRITTEN_MS + (first ? 0 : BULK_FOLLOW_MS);

export type NotifyAssigneeDeps = FindManyDeps &
  ChangeMailDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl"> & {
    readonly store: Pick<TeamStore, "listTeam"> &
      Pick<TriageStore, "triageChanges" | "triageChangesAt"> &
      Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/**
 * Mails the member an assignment gave a feedback, once, in their language, while the assignment
 * stands (stillStanding): one message for the feedbacks assigned to them together with it, the
 * one-feedback message when it was alone (or the others were told already). An assignment given
 * over since (to another, or back again) is told by the job of the change that gave it over, not by
 * this one, which sends nothing for it; nothing at all when none of those it would tell stands once
 * it is written: the job is done all the same, not retried.
 */
export async function notifyAssignee(deps: NotifyAssigneeDeps, job: JobRequest): Promise<void> {
  if (!job.detail) return;
  const split = job.detail.indexOf(":");
  const at = job.detail.slice(0, split);
  const by = job.detail.slice(split + 1);
  const assignments = await assignmentsAt(deps, by, Number(at));
  const standing = (ids: readonly string[]) => stillStanding(deps, job.orgId, assignments, ids);
  const [feedback] = await standing([job.feedbackId]);
  if (!feedback?.owner) return;
  const team = await deps.store.listTeam(job.orgId);
  const owner = team.find((m) => m.email === feedback.owner);
  if (!owner || owner.userId === by) return;
  const assigner = authorOf(
    by,
    team.find((m) => m.userId === by),
  );
  // The feedbacks assigned to the owner together with this one (a bulk change), in the order they were assigned.
  const assigned = [...assignments].filter(([, change]) => change.to === feedback.owner).map(([id]) => id);
  // Where messages are only logged, no claim elects the job that tells: the job of the first one still
  // standing does, so only those are listed (the first assigned may be another member's by now).
  const together = deps.notifier.delivers ? assigned : (await standing(assigned)).map((f) => f.id);
  const inbox = (f: FeedbackRecord) => `${deps.baseUrl}/inbox/${encodeURIComponent(f.key)}`;
  const key = noticeKey("assigned", at);
  const mail = {
    subjectId: feedback.id,
    key,
    to: owner,
    together: together.map((subjectId) => ({ subjectId, key })),
    words: async (settingsUrl: string, told: readonly Notice[]) => {
      const feedbacks = await standing(told.map((n) => n.subjectId));
      const [one, ...more] = feedbacks;
      // All given over (or merged) while the job ran: nothing is left to tell them.
      if (!one) return null;
      if (more.length === 0) return assignedMessage(owner.language, { by: assigner, key: one.key, title: one.title, url: inbox(one), settingsUrl });
      return assignedTogetherMessage(owner.language, {
        by: assigner,
        feedbacks: feedbacks.map((f) => ({ key: f.key, title: f.title, url: inbox(f) })),
        ownerInboxUrl: `${deps.baseUrl}/inbox?owner=${encodeURIComponent(owner.email)}`,
        settingsUrl,
      });
    },
  };
  // Assigned alone, the feedback may have been changed otherwise by the same request (mentioning
  // them, delivering what they follow): one e-mail tells them all of it (change-mail.ts).
  const change = changeOf(deps, feedback, by, Number(at));
  await tellEach([owner], (to) =>
    assigned.length > 1 ? teamMail(deps, mail) : tellOfChange(deps, change, to, team, "assigned", () => teamMail(deps, mail)),
  );
}

/** A change of owner, as the activity keeps it: which change, and whom it gave the feedback (null: no one). */
interface Assignment {
  readonly id: string;
  readonly to: string | null;
}

/** The change of owner among a triage change's fields, if it has one. */
function assignmentIn(change: TriageChange): Assignment | undefined {
  for (const c of change.changes) if (c.field === "owner") return { id: change.id, to: c.to };
  return undefined;
}

/**
 * The changes of owner `by` made at `at`, by feedback (id), in the order they were made: one
 * assignment, or those of a bulk change, which writes all its changes at its own time. Read once a
 * job, and only ids: only the job that tells them reads the feedbacks (stillStanding), not a hundred
 * jobs a hundred each.
 */
async function assignmentsAt(deps: NotifyAssigneeDeps, by: string, at: number): Promise<Map<string, Assignment>> {
  const changes = await deps.store.triageChangesAt(by, at);
  const assignments = new Map<string, Assignment>();
  for (const change of changes) {
    const assignment = assignmentIn(change);
    if (assignment) assignments.set(change.feedbackId, assignment);
  }
  return assignments;
}

/**
 * Of the feedbacks `ids`, in their order, those whose assignment (of `assignments`) still stands:
 * the last change of owner the feedback's activity keeps is that one, and the feedback, not merged
 * away, still has the owner it gave. Read again each time, since any may have been given over since.
 */
async function stillStanding(
  deps: NotifyAssigneeDeps,
  orgId: string,
  assignments: ReadonlyMap<string, Assignment>,
  ids: readonly string[],
): Promise<FeedbackRecord[]> {
  const [feedbacks, activities] = await Promise.all([
    deps.store.findFeedbacks(orgId, ids),
    Promise.all(ids.map((id) => deps.store.triageChanges(id))),
  ]);
  const byId = new Map(feedbacks.map((f) => [f.id, f]));
  return ids.flatMap((id, i) => {
    const feedback = byId.get(id);
    const last = activities[i]!.map(assignmentIn).findLast((a) => a !== undefined);
    const standing = assignments.get(id);
    return feedback && !feedback.mergedInto && standing && last?.id === standing.id && feedback.owner === standing.to ? [feedback] : [];
  });
}

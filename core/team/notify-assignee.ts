import { authorOf } from "../feedback/author.ts";
import type { JobRequest } from "../feedback/events.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { FeedbackRecord } from "../model.ts";
import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { TeamStore } from "../store/team.ts";
import type { TriageStore } from "../store/triage.ts";
import { teamMail } from "./team-mail.ts";
import { tellEach } from "../notify/tell-each.ts";
import { assignedMessage, assignedTogetherMessage } from "./team-messages.ts";
import { noticeKey } from "../notify/notice-key.ts";

/**
 * The job that tells a feedback's owner it was assigned to them: whoever sets `owner` (the triage
 * change, a bulk action) queues it with the change, in the same transaction, naming who assigned
 * and when. A person who assigns a feedback to themselves is not told.
 *
 * A bulk change writes each feedback on its own (its own transaction, its own job), all at the
 * bulk's time: assigning 64 feedbacks to Lena queues 64 jobs. Lena gets one e-mail all the same.
 * The job, when it runs, gathers the assignments made with its own (same person, same instant, same
 * owner: assignedTogether, from the feedbacks' activity) and tells them in one message, each
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
 * could still be told in two (what it had written, then the rest), none twice.
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

export type NotifyAssigneeDeps = FindDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl"> & {
    readonly store: Pick<TeamStore, "listTeam"> &
      Pick<TriageStore, "triageChangesAt"> &
      Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/**
 * Mails the feedback's owner, once per assignment, in their language, if they are a member: one
 * message for the feedbacks assigned to them together with it, the one-feedback message when
 * it was alone (or the others were told already), and nothing when none is theirs any more once it
 * is written: the job is done all the same, not retried.
 */
export async function notifyAssignee(deps: NotifyAssigneeDeps, job: JobRequest): Promise<void> {
  const feedback = await resolveFeedback(deps, job.orgId, job.feedbackId);
  if (!feedback?.owner || !job.detail) return;
  const split = job.detail.indexOf(":");
  const at = job.detail.slice(0, split);
  const by = job.detail.slice(split + 1);
  const team = await deps.store.listTeam(job.orgId);
  const owner = team.find((m) => m.email === feedback.owner);
  if (!owner || owner.userId === by) return;
  const assigner = authorOf(
    by,
    team.find((m) => m.userId === by),
  );
  const assigned = await assignedTogether(deps, feedback, by, Number(at));
  // Where messages are only logged, no claim elects the job that tells: the job of the first one still
  // theirs does, so only those are listed (the first assigned may be another member's by now).
  const together = deps.notifier.delivers ? assigned : (await stillTheirs(deps, feedback, assigned)).map((f) => f.id);
  const inbox = (f: FeedbackRecord) => `${deps.baseUrl}/inbox/${encodeURIComponent(f.key)}`;
  await tellEach([owner], (to) =>
    teamMail(deps, {
      subjectId: feedback.id,
      key: noticeKey("assigned", at),
      to,
      together,
      words: async (settingsUrl, told) => {
        const feedbacks = await stillTheirs(deps, feedback, told);
        const [one, ...more] = feedbacks;
        // All given to someone else (or merged) while the job ran: nothing is left to tell them.
        if (!one) return null;
        if (more.length === 0) return assignedMessage(owner.language, { by: assigner, key: one.key, title: one.title, url: inbox(one), settingsUrl });
        return assignedTogetherMessage(owner.language, {
          by: assigner,
          feedbacks: feedbacks.map((f) => ({ key: f.key, title: f.title, url: inbox(f) })),
          ownerInboxUrl: `${deps.baseUrl}/inbox?owner=${encodeURIComponent(owner.email)}`,
          settingsUrl,
        });
      },
    }),
  );
}

/**
 * The feedbacks (ids) assigned to `feedback`'s owner together with it: by the same person at the
 * same instant (a bulk change writes all its changes at its own time), the owner set to them then;
 * in the order they were assigned, `feedback` among them. Only ids: each job of a bulk asks this,
 * and only the one that tells them reads the feedbacks (stillTheirs), not a hundred jobs a hundred each.
 */
async function assignedTogether(deps: NotifyAssigneeDeps, feedback: FeedbackRecord, by: string, at: number): Promise<string[]> {
  const changes = await deps.store.triageChangesAt(by, at);
  const ids = changes.filter((c) => c.changes.some((change) => change.field === "owner" && change.to === feedback.owner)).map((c) => c.feedbackId);
  return ids.includes(feedback.id) ? ids : [feedback.id, ...ids];
}

/**
 * Of the feedbacks a message tells, those still `feedback`'s owner's and not merged away, in its
 * order: read again, `feedback` (the job's) too, since any may have been given to another since the job read it.
 */
async function stillTheirs(deps: NotifyAssigneeDeps, feedback: FeedbackRecord, told: readonly string[]): Promise<FeedbackRecord[]> {
  const found = await Promise.all(told.map((id) => deps.store.findFeedback(feedback.orgId, id)));
  return found.filter((f): f is FeedbackRecord => f !== null && !f.mergedInto && f.owner === feedback.owner);
}

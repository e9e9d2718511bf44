import { authorOf } from "../feedback/author.ts";
import type { JobRequest } from "../feedback/events.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { TeamStore } from "../store/team.ts";
import { teamMail } from "./team-mail.ts";
import { tellEach } from "../notify/tell-each.ts";
import { assignedMessage } from "./team-messages.ts";
import { noticeKey } from "../notify/notice-key.ts";

/**
 * The job that tells a feedback's owner it was assigned to them: whoever sets `owner` (the triage
 * change, a bulk action) queues it with the change, in the same transaction, naming who assigned
 * and when. A person who assigns a feedback to themselves is not told.
 */
export const assignmentJob = (orgId: string, feedbackId: string, byUserId: string, at: number): JobRequest => ({
  kind: "notify_assignee",
  orgId,
  feedbackId,
  detail: `${at}:${byUserId}`,
});

export type NotifyAssigneeDeps = FindDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl"> & {
    readonly store: Pick<TeamStore, "listTeam"> & Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/** Mails the feedback's owner, once per assignment, in their language, if they are a member. */
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
  await tellEach([owner], (to) =>
    teamMail(deps, {
      subjectId: feedback.id,
      key: noticeKey("assigned", at),
      to,
      words: (settingsUrl) =>
        assignedMessage(owner.language, {
          by: assigner,
          key: feedback.key,
          title: feedback.title,
          url: `${deps.baseUrl}/inbox/${encodeURIComponent(feedback.key)}`,
          settingsUrl,
        }),
    }),
  );
}

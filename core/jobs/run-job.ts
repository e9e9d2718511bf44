import type { JobRequest } from "../feedback/events.ts";
import { type GroupReportDeps, groupReport } from "../grouping/group-report.ts";
import { regroupFeedback } from "../grouping/regroup-feedback.ts";
import { type NotifyDeps, notifyFollowers } from "../notify/notify-followers.ts";
import { type AnnounceDeps as SlackAnnounceDeps, announceNewFeedback } from "../slack/announce-new-feedback.ts";
import { postSlackNotice, type SlackNoticeDeps } from "../slack/post-slack-notice.ts";
import { recordSlackReport, type SlackReportDeps } from "../slack/record-slack-report.ts";
import { type NotifyAssigneeDeps, notifyAssignee } from "../team/notify-assignee.ts";
import { type NotifyMentionsDeps, notifyMentions } from "../team/notify-mentions.ts";
import { type SendDigestDeps, sendDigest } from "../team/send-digest.ts";
import { type SendInvitationDeps, sendInvitation } from "../team/send-invitation.ts";
import { type SendResetDeps, sendPasswordReset } from "../team/send-password-reset.ts";
import { type SyncDeps, syncTracker } from "../trackers/sync.ts";
import { type AnnounceDeps, announceEntry } from "../changelog/announce-entry.ts";
import { type NotifyAnswerDeps, notifyAnswer } from "../conversation/notify-answer.ts";
import { type NotifyReplyDeps, notifyReply } from "../notify/notify-reply.ts";

/** What the background jobs read and write, all kinds together. */
export type RunJobDeps = GroupReportDeps &
  NotifyDeps &
  SyncDeps &
  AnnounceDeps &
  NotifyAnswerDeps &
  SlackAnnounceDeps &
  SlackNoticeDeps &
  SlackReportDeps &
  NotifyMentionsDeps &
  NotifyAssigneeDeps &
  SendInvitationDeps &
  SendResetDeps &
  SendDigestDeps &
  NotifyReplyDeps;

/** Runs one background job; throws to have it retried later. */
export async function runJob(services: RunJobDeps, job: JobRequest): Promise<void> {
  switch (job.kind) {
    case "group_report":
      await groupReport(services, job);
      // Graded now: the Slack channel hears of the new feedback if it follows it.
      return announceNewFeedback(services, job);
    case "regroup_feedback":
      return regroupFeedback(services, job);
    case "sync_tracker":
      return syncTracker(services, job);
    case "notify_followers":
      return notifyFollowers(services, job);
    case "announce_changelog":
      return announceEntry(services, job);
    case "notify_answer":
      return notifyAnswer(services, job);
    case "slack_report":
      return recordSlackReport(services, job);
    case "slack_notice":
      return postSlackNotice(services, job);
    case "notify_mentions":
      return notifyMentions(services, job);
    case "notify_assignee":
      return notifyAssignee(services, job);
    case "send_invitation":
      return sendInvitation(services, job);
    case "send_password_reset":
      return sendPasswordReset(services, job);
    case "send_digest":
      return sendDigest(services, job);
    case "notify_reply":
      return notifyReply(services, job);
    default: {
      // A kind this process does not know (a newer one, during a rolling deploy): retried later by
      // a process that does, rather than marked done.
      const unknown: never = job.kind;
      throw new Error(`no handler for job kind ${unknown}`);
    }
  }
}

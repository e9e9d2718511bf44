import { roleAllows } from "../authorization.ts";
import type { JobRequest } from "../feedback/events.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import { feedbackUrl } from "../feedback/present.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { Teammate, TeamStore } from "../store/team.ts";
import { tellEach } from "../notify/tell-each.ts";
import { teamMail } from "../team/team-mail.ts";
import { answerMessage } from "./answer-message.ts";
import { noticeKey } from "../notify/notice-key.ts";

export type NotifyAnswerDeps = FindDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl"> & {
    readonly store: Pick<FeedbackStore, "listComments" | "listReports"> &
      Pick<TeamStore, "listTeam"> &
      Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/**
 * Who hears of a reporter's answer: the feedback's owner; with none, the team's address, which is
 * its Admins (those who may manage the organization); each in the language they chose for their mail.
 */
async function teamAddresses(
  services: NotifyAnswerDeps,
  orgId: string,
  owner: string | undefined,
): Promise<Array<Pick<Teammate, "email" | "language">>> {
  const team = await services.store.listTeam(orgId);
  // An owner no longer of the team still hears of it, in the service's default language.
  if (owner) return [team.find((m) => m.email === owner) ?? { email: owner, language: "en" }];
  return team.filter((m) => roleAllows(m.role, "organization.manage"));
}

/** Tells the team, once per answer and person, what a reporter answered from their tracking page. */
export async function notifyAnswer(services: NotifyAnswerDeps, job: JobRequest): Promise<void> {
  const { store } = services;
  const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
  if (!feedback) return;
  const answers = (await store.listComments(feedback.id)).filter((c) => c.reportId !== undefined);
  if (answers.length === 0) return;
  const [reports, recipients] = await Promise.all([store.listReports(feedback.id), teamAddresses(services, feedback.orgId, feedback.owner)]);
  // Each (answer, person) once, whatever became of the ones before.
  const told = answers.flatMap((answer) => recipients.map((member) => ({ answer, member })));
  await tellEach(told, ({ answer, member }) => {
    const author = reports.find((r) => r.id === answer.reportId)?.report.author;
    const reporter = author?.name ?? author?.email;
    return teamMail(services, {
      subjectId: feedback.id,
      key: noticeKey("answer", String(answer.reportId), answer.at),
      to: member,
      words: (settingsUrl) =>
        answerMessage(member.language, {
          ...(reporter && { reporter }),
          key: feedback.key,
          title: feedback.title,
          text: answer.text,
          feedbackUrl: feedbackUrl(services.baseUrl, feedback.key),
          settingsUrl,
        }),
    });
  });
}

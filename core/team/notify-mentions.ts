import { authorOf } from "../feedback/author.ts";
import type { JobRequest } from "../feedback/events.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { TeamStore } from "../store/team.ts";
import { resolveMentions } from "./mentions.ts";
import { teamMail } from "./team-mail.ts";
import { tellEach } from "../notify/tell-each.ts";
import { mentionMessage } from "./team-messages.ts";
import { noticeKey } from "../notify/notice-key.ts";
import { type ChangeMailDeps, changeOf, tellOfChange } from "./change-mail.ts";

export type NotifyMentionsDeps = FindDeps &
  ChangeMailDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl"> & {
    readonly store: Pick<FeedbackStore, "listComments"> &
      Pick<TeamStore, "listTeam"> &
      Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/** Comments older than this are not read again for mentions: a mention is news for a day. */
const MENTION_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Tells each member mentioned in the feedback's recent comments, once per comment, in their
 * language; the author is not told of their own mention.
 */
export async function notifyMentions(deps: NotifyMentionsDeps, job: JobRequest): Promise<void> {
  const feedback = await resolveFeedback(deps, job.orgId, job.feedbackId);
  if (!feedback) return;
  const since = deps.clock() - MENTION_WINDOW_MS;
  const comments = (await deps.store.listComments(job.feedbackId)).filter((c) => c.at >= since);
  if (comments.length === 0) return;
  const team = await deps.store.listTeam(job.orgId);
  // Each (comment, member) once, whatever became of the ones before.
  const mentions = comments.flatMap((comment) =>
    resolveMentions(comment.text, team)
      .filter((member) => member.userId !== comment.userId)
      .map((member) => ({ comment, member })),
  );
  // The comment's change may have told the member more (assigned them the feedback, delivered what
  // they follow): one e-mail tells them all of it (change-mail.ts).
  const changes = new Map(comments.map((comment) => [comment, changeOf(deps, feedback, comment.userId, comment.at)]));
  await tellEach(mentions, ({ comment, member }) =>
    tellOfChange(deps, changes.get(comment)!, member, team, "mention", () =>
      teamMail(deps, {
        subjectId: job.feedbackId,
        key: noticeKey("mention", comment.at, String(comment.userId)),
        to: member,
        words: (settingsUrl) =>
          mentionMessage(member.language, {
            author: authorOf(
              comment.userId,
              team.find((m) => m.userId === comment.userId),
            ),
            comment: comment.text,
            key: feedback.key,
            title: feedback.title,
            url: `${deps.baseUrl}/inbox/${encodeURIComponent(feedback.key)}`,
            settingsUrl,
          }),
      }),
    ),
  );
}

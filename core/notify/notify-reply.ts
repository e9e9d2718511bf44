import type { OrganizationStore } from "../store/organizations.ts";
import type { JobRequest } from "../feedback/events.ts";
import { type FindDeps, findByKeyOrId } from "../feedback/find-feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { MergeStore } from "../store/merges.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import type { TeamStore } from "../store/team.ts";
import type { UserStore } from "../store/users.ts";
import { resolveMentions } from "../team/mentions.ts";
import { replyMessage } from "./reply-message.ts";
import { sendOnce } from "./send-once.ts";
import { tellEach } from "./tell-each.ts";
import { unsubscribeUrl } from "./unsubscribe-link.ts";
import { noticeKey } from "./notice-key.ts";
import { openTrackingLink } from "./tracking-link.ts";
import { publicFaces } from "./public-face.ts";
import { replySignature } from "../conversation/reply-signature.ts";

export type NotifyReplyDeps = FindDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl" | "secrets"> & {
    readonly store: Pick<ServiceSecretStore, "serviceSecret"> &
      Pick<FeedbackStore, "listComments" | "listReports"> &
      Pick<UserStore, "findUser" | "listMembers"> &
      Pick<TeamStore, "listTeam"> &
      Pick<PortalStore, "findPortal"> &
      Pick<OrganizationStore, "findOrganization"> &
      Pick<PublicationStore, "findPublications"> &
      Pick<MergeStore, "listMerges"> &
      Pick<FollowerStore, "listFollowers" | "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

const someone = (language: "en" | "fr"): string => (language === "fr" ? "Quelqu’un" : "Someone");
const theTeam = (language: "en" | "fr"): string => (language === "fr" ? "L’équipe" : "The team");

/** The job that tells the followers of a team's public reply (`detail`: the comment's id). */
export const notifyReplyJob = (orgId: string, feedbackId: string, commentId: string): JobRequest => ({
  kind: "notify_reply",
  orgId,
  feedbackId,
  detail: commentId,
});

/**
 * The members a team's reply mentions: each hears of it by the mention's e-mail (notifyMentions),
 * which leads to the inbox, and not a second time as a follower. A portal person's comment queues
 * no mention job, so its mentions take no follower's message away.
 */
async function mentionedBy(
  store: Pick<TeamStore, "listTeam">,
  orgId: string,
  reply: { readonly text: string; readonly userId?: string | null; readonly person?: unknown },
): Promise<Set<string>> {
  if (reply.person) return new Set();
  const named = resolveMentions(reply.text, await store.listTeam(orgId)).filter((m) => m.userId !== reply.userId);
  return new Set(named.map((m) => m.email));
}

/**
 * A team's reply marked public is e-mailed to each follower of its feedback (DESIGN §7), once, in
 * the follower's language, except to the one who wrote it (so is a portal person's public comment): the reply's text, the link to
 * follow (the reporter's tracking page; for a portal voter, the feedback's page when published),
 * and the unsubscribe link; a member it mentions is told by the mention's e-mail alone. The feedback is named by its public title when published, and before by
 * the title it shows that follower (titleShownTo).
 */
export async function notifyReply(services: NotifyReplyDeps, job: JobRequest): Promise<void> {
  const { store } = services;
  const feedback = await findByKeyOrId(services, job.orgId, job.feedbackId);
  const reply = feedback && (await store.listComments(feedback.id)).find((c) => c.id === job.detail);
  if (!feedback || !reply || reply.visibility !== "public") return;
  const [author, { faces, portal, sender }, secret] = await Promise.all([
    reply.person ?? (reply.userId ? store.findUser(reply.userId) : null),
    publicFaces(services, feedback.orgId, [feedback]),
    store.serviceSecret(),
  ]);
  const { nameFor, page } = faces.get(feedback.id)!;
  const key = noticeKey("reply", reply.id);
  const mentioned = await mentionedBy(store, feedback.orgId, reply);
  const others = (await store.listFollowers(feedback.id)).filter((f) => f.email !== author?.email && !mentioned.has(f.email));
  await tellEach(others, (follower) =>
    sendOnce(services, { subjectId: feedback.id, key, email: follower.email }, async () => {
      const link = await unsubscribeUrl(services.baseUrl, secret, feedback.id, follower.email, follower.language);
      const followUrl = (await openTrackingLink(services.secrets, follower.trackingSealed)) ?? page;
      const words = replyMessage(follower.language, {
        ...(follower.name && { name: follower.name }),
        author: reply.person
          ? (reply.person.name ?? someone(follower.language))
          : (replySignature(author?.name, portal) ?? theTeam(follower.language)),
        ...nameFor(follower.email),
        feedbackKey: feedback.key,
        text: reply.text,
        ...(followUrl && { followUrl }),
        unsubscribeUrl: link,
      });
      return { ...words, unsubscribeUrl: link, ...(sender && { senderName: sender }) };
    }),
  );
}

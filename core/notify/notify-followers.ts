import type { OrganizationStore } from "../store/organizations.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { UserStore } from "../store/users.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import { deliveredMessage } from "./delivered-message.ts";
import { sendOnce } from "./send-once.ts";
import { tellEach } from "./tell-each.ts";
import { unsubscribeUrl } from "./unsubscribe-link.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import type { PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { MergeStore } from "../store/merges.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { publicFaces } from "./public-face.ts";
import { noticeKey } from "./notice-key.ts";
import { openTrackingLink } from "./tracking-link.ts";
import type { TeamStore } from "../store/team.ts";
import type { CatalogStore } from "../store/catalog.ts";
import { type ChangeMailDeps, changeOf, tellOfChange } from "../team/change-mail.ts";

/** What telling followers reads and writes. */
export type NotifyDeps = FindDeps &
  ChangeMailDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl" | "secrets"> & {
    readonly store: Pick<ServiceSecretStore, "serviceSecret"> &
      Pick<UserStore, "findUser" | "listMembers"> &
      Pick<PortalStore, "findPortal"> &
      Pick<OrganizationStore, "findOrganization"> &
      Pick<PublicationStore, "findPublications"> &
      Pick<MergeStore, "listMerges"> &
      Pick<FeedbackStore, "listReports" | "statusChanges"> &
      Pick<TeamStore, "listTeam"> &
      Pick<CatalogStore, "findApp"> &
      Pick<FollowerStore, "listFollowers" | "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/**
 * Tells each follower, once, that the feedback was delivered, naming it by its public face (its
 * public title and portal page once published; before, the title it shows that follower); not the person who marked it so (the job's `detail`, their id).
 * A follower who is a member of the team, whom the same change also assigned the feedback or
 * mentioned, gets one e-mail that tells all of it (change-mail.ts); the others, this one.
 */
export async function notifyFollowers(services: NotifyDeps, job: JobRequest): Promise<void> {
  const { store } = services;
  const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
  if (!feedback) return;
  const [secret, { faces, sender }] = await Promise.all([store.serviceSecret(), publicFaces(services, feedback.orgId, [feedback])]);
  const { nameFor, page } = faces.get(feedback.id)!;
  const actor = job.detail ? (await store.findUser(job.detail))?.email : undefined;
  const followers = (await store.listFollowers(feedback.id)).filter((follower) => follower.email !== actor);
  const [team, statuses, app] = await Promise.all([
    store.listTeam(feedback.orgId),
    store.statusChanges(feedback.id),
    feedback.appId ? store.findApp(feedback.orgId, feedback.appId) : null,
  ]);
  const last = statuses.at(-1);
  const change = job.detail && last?.by === job.detail ? changeOf(services, feedback, job.detail, last.at) : null;
  await tellEach(followers, (follower) => {
    const alone = () =>
      sendOnce(services, { subjectId: feedback.id, key: noticeKey("delivered"), email: follower.email }, async () => {
        const link = await unsubscribeUrl(services.baseUrl, secret, feedback.id, follower.email, follower.language);
        const trackingUrl = await openTrackingLink(services.secrets, follower.trackingSealed);
        const words = deliveredMessage(follower.language, {
          ...(follower.name && { name: follower.name }),
          ...(app && { appName: app.name }),
          ...(trackingUrl ? { trackingUrl } : page && { pageUrl: page }),
          ...nameFor(follower.email),
          feedbackKey: feedback.key,
          unsubscribeUrl: link,
        });
        return { ...words, unsubscribeUrl: link, ...(sender && { senderName: sender }) };
      });
    const member = change && team.find((m) => m.email === follower.email);
    return member ? tellOfChange(services, change, member, team, "delivered", alone) : alone();
  });
}

import type { OrganizationStore } from "../store/organizations.ts";
import type { Language } from "../language.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { FindDeps } from "../feedback/find-feedback.ts";
import type { FeedbackRecord, Follower } from "../model.ts";
import { CLAIM_LEASE_MS, sendOnce } from "../notify/send-once.ts";
import { tellEach } from "../notify/tell-each.ts";
import { unsubscribeUrl } from "../notify/unsubscribe-link.ts";
import type { Services } from "../services.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import type { UserStore } from "../store/users.ts";
import type { PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { MergeStore } from "../store/merges.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { publicFaces } from "../notify/public-face.ts";
import { entryMessage } from "./entry-message.ts";
import { entryFeedbacks } from "./linked-feedbacks.ts";
import { noticeKey } from "../notify/notice-key.ts";
import { openTrackingLink } from "../notify/tracking-link.ts";

export type AnnounceDeps = FindDeps &
  Pick<Services, "notifier" | "clock" | "baseUrl" | "secrets" | "markdown"> & {
    readonly store: Pick<ChangelogStore, "findEntry"> &
      Pick<ServiceSecretStore, "serviceSecret"> &
      Pick<PortalStore, "findPortal"> &
      Pick<OrganizationStore, "findOrganization"> &
      Pick<PublicationStore, "findPublications"> &
      Pick<MergeStore, "listMerges"> &
      Pick<FeedbackStore, "listReports"> &
      Pick<UserStore, "findUser" | "listMembers"> &
      Pick<FollowerStore, "listFollowersOf" | "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/** The notification key of an entry's announcement, claimed under the entry's id. */
const ANNOUNCED = "changelog";
/** What the announcement stands for on each feedback it covers: their "delivered" message. */
const DELIVERED = noticeKey("delivered");

/** One person to tell, and every feedback of the entry they follow. */
interface Recipient {
  readonly email: string;
  readonly name?: string;
  readonly language: Language;
  readonly trackingSealed?: string;
  readonly feedbacks: FeedbackRecord[];
}

/**
 * The people to tell, each once: the followers of any of the feedbacks (voters follow what they
 * vote for), with every feedback of the entry they follow. Their name, language and tracking link
 * are those of the first they follow that has one.
 */
export function recipientsOf(followed: ReadonlyArray<{ readonly feedback: FeedbackRecord; readonly followers: readonly Follower[] }>): Recipient[] {
  const byEmail = new Map<string, Recipient>();
  for (const { feedback, followers } of followed) {
    for (const f of followers) {
      const known = byEmail.get(f.email);
      if (!known) {
        byEmail.set(f.email, {
          email: f.email,
          language: f.language,
          ...(f.name && { name: f.name }),
          ...(f.trackingSealed && { trackingSealed: f.trackingSealed }),
          feedbacks: [feedback],
        });
        continue;
      }
      known.feedbacks.push(feedback);
      if (!known.trackingSealed && f.trackingSealed) byEmail.set(f.email, { ...known, trackingSealed: f.trackingSealed });
    }
  }
  return [...byEmail.values()];
}

/**
 * The people an entry shipping these feedbacks (keys or ids) tells, each once (recipientsOf), and
 * the feedbacks the keys name: what the editor counts is who is told. The member who publishes it
 * (`by`, their id) is not told of their own entry.
 */
export async function entryRecipients(
  services: FindDeps & { readonly store: Pick<FollowerStore, "listFollowersOf"> & Pick<UserStore, "findUser"> },
  orgId: string,
  keys: readonly string[],
  by: string | undefined,
): Promise<{ readonly feedbacks: FeedbackRecord[]; readonly recipients: Recipient[] }> {
  const [feedbacks, publisher] = await Promise.all([
    entryFeedbacks(services, orgId, keys),
    by ? services.store.findUser(by).then((user) => user?.email) : undefined,
  ]);
  // One read for all of them: an entry may ship a hundred feedbacks, each followed by its voters.
  const byFeedback = new Map(feedbacks.map((f): [string, Follower[]] => [f.id, []]));
  for (const f of await services.store.listFollowersOf([...byFeedback.keys()])) byFeedback.get(f.feedbackId)?.push(f);
  const followed = feedbacks.map((feedback) => ({ feedback, followers: byFeedback.get(feedback.id)! }));
  return { feedbacks, recipients: recipientsOf(followed).filter((person) => person.email !== publisher) };
}

/**
 * Tells each follower of the entry's feedbacks, once, that it is published: one message per
 * person, whatever the number of its feedbacks they follow. That message stands for the
 * "delivered" one of each of those feedbacks, which is recorded as sent and never sent apart.
 */
export async function announceEntry(services: AnnounceDeps, job: JobRequest): Promise<void> {
  const { store, clock } = services;
  const entry = await store.findEntry(job.orgId, job.feedbackId);
  if (entry?.status !== "published") return;
  const { feedbacks, recipients } = await entryRecipients(services, entry.orgId, entry.feedbackIds, job.detail);
  const [secret, { faces, sender }] = await Promise.all([store.serviceSecret(), publicFaces(services, entry.orgId, feedbacks)]);
  const body = { text: services.markdown.text(entry.body), html: services.markdown.html(entry.body) };
  await tellEach(recipients, async (person) => {
    const sent = await sendOnce(services, { subjectId: entry.id, key: ANNOUNCED, email: person.email }, async () => {
      const links = await Promise.all(person.feedbacks.map((f) => unsubscribeUrl(services.baseUrl, secret, f.id, person.email, person.language)));
      const trackingUrl = await openTrackingLink(services.secrets, person.trackingSealed);
      const words = entryMessage(person.language, {
        ...(person.name && { name: person.name }),
        ...(trackingUrl && { trackingUrl }),
        title: entry.title,
        body,
        followed: person.feedbacks.map((f, i) => {
          const { nameFor, page } = faces.get(f.id)!;
          return { key: f.key, ...nameFor(person.email), ...(page && { page }), unsubscribeUrl: links[i]! };
        }),
      });
      // A mail client's one-click unsubscribe stops news of every feedback the e-mail is about.
      const all = await unsubscribeUrl(services.baseUrl, secret, person.feedbacks.map((f) => f.id).join(","), person.email, person.language);
      return { ...words, unsubscribeUrl: all, ...(sender && { senderName: sender }) };
    });
    // Sent now, or before (a crash may have come before this): it stands for each feedback's "delivered" message.
    if (sent !== "sent" && sent !== "sent_before") return sent;
    const at = clock();
    for (const f of person.feedbacks) {
      if ((await store.claimNotification(f.id, person.email, DELIVERED, at, CLAIM_LEASE_MS)) === "claimed")
        await store.confirmNotification(f.id, person.email, DELIVERED, at);
    }
    return sent;
  });
}

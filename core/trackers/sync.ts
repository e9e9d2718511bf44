import { resolveFeedback } from "../feedback/find-feedback.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore, StatusComment } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { AppTracker, TrackerStore } from "../store/trackers.ts";
import { CLAIM_LEASE_MS } from "../notify/send-once.ts";
import type { DeliveryFailure, TrackerLink } from "../model.ts";
import { keepingFailure } from "../keeping-failure.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import { refusedAtCall } from "./tracker-address.ts";

/** What the sync job reads and writes. */
export type SyncDeps = SettingsDeps &
  Pick<Services, "trackers" | "trackerAddresses" | "clock"> & {
    readonly store: Pick<FeedbackStore, "findFeedback" | "listComments"> &
      Pick<TrackerStore, "findAppTracker" | "refreshFeedbackTracker" | "recordTrackerFailure" | "clearTrackerFailure"> &
      Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/** Where syncs keep their last failure, for the app's settings to show: on the app's tracker. */
const trackerFailures = (services: Pick<SyncDeps, "store">, tracker: AppTracker) => ({
  holds: tracker.lastFailure !== undefined,
  record: (failure: DeliveryFailure) => services.store.recordTrackerFailure(tracker.orgId, tracker.appId, failure),
  clear: (before: number) => services.store.clearTrackerFailure(tracker.orgId, tracker.appId, before),
});

/** The key under which a comment's posting to an issue is claimed once (per comment and issue). */
const POSTED = "tracker_comment";

/** A sync reads the status again after each update of the issue, at most this many times. */
const MAX_FOLLOWS = 3;

/**
 * The sync job: the linked issue takes the feedback's current status (and the comment that came
 * with it). Jobs run at once, so the sync of an older change may reach the tracker after a newer
 * one's: each sync reads the status again once the issue is updated, and sends it again if it moved.
 *
 * The comment is posted once: each sync of a change reads the same latest comment (the jobs of two
 * quick changes both run after them), so one sync claims its posting to the issue. A sync that finds
 * it claimed by another brings the status and fails, to be retried: the comment is then found
 * posted, or the claim of a sync that crashed has run out and this one takes it over. A sync that
 * crashed, or gave up waiting, after the tracker took the comment and before that was recorded left
 * it on the issue: the tracker finds it there by its id (`IssueComment`) and does not post it again.
 */
export async function syncTracker(services: SyncDeps, job: JobRequest): Promise<void> {
  let sent: Status | null = null;
  let held: StatusComment | undefined;
  for (let follow = 0; follow < MAX_FOLLOWS; follow++) {
    const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
    if (!feedback?.tracker || feedback.status === sent) break;
    const appTracker = await services.store.findAppTracker(feedback.orgId, feedback.appId);
    const tracker = appTracker && services.trackers[appTracker.provider];
    const settings = appTracker && (await openSettings(services, appTracker));
    if (!appTracker || !tracker || !settings) return;
    const issue = feedback.tracker;
    // The comment that came with the change: a note written on its own, internal or public, never goes to the tracker.
    const latest = (await services.store.listComments(feedback.id)).filter((c) => c.statusFrom !== c.statusTo).at(-1);
    const said = latest?.statusTo === feedback.status ? latest : undefined;
    const claim = said && (await services.store.claimNotification(said.id, issue.key, POSTED, services.clock(), CLAIM_LEASE_MS));
    const comment = claim === "claimed" ? said : undefined;
    let link: TrackerLink;
    try {
      link = await keepingFailure(services.clock, trackerFailures(services, appTracker), [settings.token, settings.webhookSecret], async () => {
        const refused = await refusedAtCall(services.trackerAddresses, appTracker.provider, settings);
        if (refused) throw refused;
        return tracker.follow(settings, issue, {
          status: feedback.status,
          ...(comment && { comment: { id: comment.id, text: comment.text, at: comment.at } }),
        });
      });
    } catch (error) {
      // Given back for the retry; should that fail too, the claim runs out. The tracker's error is the one to tell.
      if (comment) await services.store.releaseNotification(comment.id, issue.key, POSTED).catch(() => undefined);
      throw error;
    }
    if (comment) await services.store.confirmNotification(comment.id, issue.key, POSTED, services.clock());
    await services.store.refreshFeedbackTracker(feedback.orgId, feedback.id, { ...link, syncedAt: services.clock() });
    sent = feedback.status;
    held = claim === "held" ? said : undefined;
  }
  if (held) throw new Error(`the comment ${held.id} is being posted by another sync: retried until it is posted, or that sync's claim runs out`);
}

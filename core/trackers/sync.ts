import { resolveFeedback } from "../feedback/find-feedback.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore, StatusComment } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { CLAIM_LEASE_MS } from "../notify/send-once.ts";
import type { TrackerLink } from "../model.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";

/** What the sync job reads and writes. */
export type SyncDeps = SettingsDeps &
  Pick<Services, "trackers" | "clock"> & {
    readonly store: Pick<FeedbackStore, "findFeedback" | "listComments"> &
      Pick<TrackerStore, "findAppTracker" | "setFeedbackTracker"> &
      Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
  };

/** The key under which a comment's posting to an issue is claimed once (per comment and issue). */
const POSTED = "tracker_comment";

/** A sync reads the status again after each update of the issue, at most this many times. */
const MAX_FOLLOWS = 3;

/**
 * The sync job: the linked issue takes the feedback's current status (and the comment that came
 * with it). Jobs run at once, so the sync of an older change may reach the tracker after a newer
 * one's: each sync reads the status again once the issue is updated, and sends it again if it moved.
 */
export async function syncTracker(services: SyncDeps, job: JobRequest): Promise<void> {
  let sent: Status | null = null;
  for (let follow = 0; follow < MAX_FOLLOWS; follow++) {
    const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
    if (!feedback?.tracker || feedback.status === sent) return;
    const appTracker = await services.store.findAppTracker(feedback.orgId, feedback.appId);
    const tracker = appTracker && services.trackers[appTracker.provider];
    const settings = appTracker && (await openSettings(services, appTracker));
    if (!appTracker || !tracker || !settings) return;
    // The comment that came with the change: a note written on its own, internal or public, never goes to the tracker.
    const latest = (await services.store.listComments(feedback.id)).filter((c) => c.statusFrom !== c.statusTo).at(-1);
    const comment = latest?.statusTo === feedback.status ? await claimPosting(services, latest, feedback.tracker) : null;
    const link = await tracker
      .follow(settings, feedback.tracker, { status: feedback.status, ...(comment && { comment: comment.text }) })
      .catch(async (error) => {
        if (comment) await services.store.releaseNotification(comment.id, feedback.tracker!.key, POSTED);
        throw error;
      });
    if (comment) await services.store.confirmNotification(comment.id, feedback.tracker.key, POSTED, services.clock());
    await services.store.setFeedbackTracker(feedback.orgId, feedback.id, { ...link, syncedAt: services.clock() });
    sent = feedback.status;
  }
}

/**
 * The comment, when this sync is the one to post it to the issue: each sync of a change reads the
 * same latest comment (the jobs of two quick changes both run after them), and a comment posted
 * twice is seen twice by everyone watching the issue. One sync claims it; the others update only
 * the status. A sync that crashed after the tracker took the comment, before it could record so,
 * posts it again once its claim runs out: nothing is told apart there.
 */
async function claimPosting(services: SyncDeps, comment: StatusComment, issue: TrackerLink): Promise<StatusComment | null> {
  const claim = await services.store.claimNotification(comment.id, issue.key, POSTED, services.clock(), CLAIM_LEASE_MS);
  return claim === "claimed" ? comment : null;
}

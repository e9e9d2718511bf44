import { resolveFeedback } from "../feedback/find-feedback.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";

/** What the sync job reads and writes. */
export type SyncDeps = SettingsDeps &
  Pick<Services, "trackers" | "clock"> & {
    readonly store: Pick<FeedbackStore, "findFeedback" | "listComments"> & Pick<TrackerStore, "findAppTracker" | "setFeedbackTracker">;
  };

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
    const comment = (await services.store.listComments(feedback.id)).filter((c) => c.statusFrom !== c.statusTo).at(-1);
    const link = await tracker.follow(settings, feedback.tracker, {
      status: feedback.status,
      ...(comment?.statusTo === feedback.status && { comment: comment.text }),
    });
    await services.store.setFeedbackTracker(feedback.orgId, feedback.id, { ...link, syncedAt: services.clock() });
    sent = feedback.status;
  }
}

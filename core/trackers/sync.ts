import { type ChangeStatusDeps, changeStatus } from "../feedback/change-status.ts";
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

/** What a tracker's status reaching its feedbacks reads and writes. */
export type TrackerStatusDeps = ChangeStatusDeps & {
  readonly store: Pick<TrackerStore, "findAppTrackersByProject" | "findFeedbackByTracker" | "setFeedbackTracker">;
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
    if (!appTracker || !tracker) return;
    // The comment that came with the change: a note written on its own, internal or public, never goes to the tracker.
    const comment = (await services.store.listComments(feedback.id)).filter((c) => c.statusFrom !== c.statusTo).at(-1);
    const link = await tracker.follow(await openSettings(services, appTracker), feedback.tracker, {
      status: feedback.status,
      ...(comment?.statusTo === feedback.status && { comment: comment.text }),
    });
    await services.store.setFeedbackTracker(feedback.orgId, feedback.id, { ...link, syncedAt: services.clock() });
    sent = feedback.status;
  }
}

/**
 * A status the tracker set on an issue: every feedback linked to it moves, through the same use
 * case as REST (so the same events go out), marked as coming from the tracker so nothing echoes back.
 * The issue's own state (`open`, `closed`), when the tracker tells it, is kept on the link.
 */
export async function applyTrackerStatus(
  services: TrackerStatusDeps,
  input: { provider: string; project: string; issueKey: string; status: Status; issueStatus?: string },
): Promise<number> {
  let moved = 0;
  for (const appTracker of await services.store.findAppTrackersByProject(input.provider, input.project)) {
    const feedback = await services.store.findFeedbackByTracker(appTracker.orgId, input.issueKey);
    if (!feedback) continue;
    const grant = {
      tokenId: "tracker",
      orgId: appTracker.orgId,
      userId: `tracker:${input.provider}`,
      role: "admin" as const,
      scopes: ["feedbacks:write" as const],
      resource: null,
      agentId: null,
    };
    const result = await changeStatus(services, grant, feedback.id, { status: input.status }, { fromTracker: true });
    if (result.ok) moved++;
    if (input.issueStatus && feedback.tracker && feedback.tracker.status !== input.issueStatus) {
      await services.store.setFeedbackTracker(appTracker.orgId, feedback.id, {
        ...feedback.tracker,
        status: input.issueStatus,
        syncedAt: services.clock(),
      });
    }
  }
  return moved;
}

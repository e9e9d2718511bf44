import { type ChangeStatusDeps, changeStatus } from "../use-cases/change-status.ts";
import { resolveFeedback } from "../use-cases/get-feedback.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { Store } from "../store.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";

/** What the sync job reads and writes. */
export type SyncDeps = SettingsDeps &
  Pick<Services, "trackers" | "clock"> & { readonly store: Pick<Store, "findFeedback" | "findAppTracker" | "listComments" | "setFeedbackTracker"> };

/** What a tracker's status reaching its feedbacks reads and writes. */
export type TrackerStatusDeps = ChangeStatusDeps & {
  readonly store: Pick<Store, "findAppTrackersByProject" | "findFeedbackByTracker" | "setFeedbackTracker">;
};

/** The sync job: the linked issue takes the feedback's current status (and the comment that came with it). */
export async function syncTracker(services: SyncDeps, job: JobRequest): Promise<void> {
  const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
  if (!feedback?.tracker) return;
  const appTracker = await services.store.findAppTracker(feedback.orgId, feedback.appId);
  const tracker = appTracker && services.trackers[appTracker.provider];
  if (!appTracker || !tracker) return;
  const comment = (await services.store.listComments(feedback.id)).at(-1);
  const link = await tracker.follow(await openSettings(services, appTracker), feedback.tracker, {
    status: feedback.status,
    ...(comment?.statusTo === feedback.status && { comment: comment.text }),
  });
  await services.store.setFeedbackTracker(feedback.orgId, feedback.id, { ...link, syncedAt: services.clock() });
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

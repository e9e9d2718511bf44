import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { transition } from "./status.ts";
import type { Grant } from "../model.ts";
import type { Feedback, StatusChange } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { SlackStore } from "../store/slack.ts";
import { statusNoticeJobs } from "../slack/notices.ts";
import { type FindDeps, mergedAway, resolveFeedback, noSuchFeedback } from "./find-feedback.ts";
import { type PresentDeps, presentFeedback } from "./present-feedback.ts";
import { mentionJobs } from "../team/mentions.ts";

/** What a status change reads and writes. */
export type ChangeStatusDeps = FindDeps &
  PresentDeps &
  Pick<Services, "clock" | "ids"> & { readonly store: Pick<FeedbackStore, "applyStatusChange"> & Pick<SlackStore, "findSlackConnection"> };

/** A concurrent change makes the compare-and-set fail; a few rereads always settle it. */
const MAX_ATTEMPTS = 5;

/**
 * PATCH /v1/feedbacks/{key}, and every other way of changing a status: the change, its comment,
 * its events and its jobs are written together, in the name of the grant's person.
 */
export async function changeStatus(
  services: ChangeStatusDeps,
  grant: Grant,
  keyOrId: string,
  change: StatusChange,
  /** `at`: the time of the request's change, when it wrote triage fields too (updateFeedback). */
  options: { readonly fromTracker?: boolean; readonly at?: number } = {},
): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const { store, clock, ids } = services;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
    if (!feedback) return noSuchFeedback(keyOrId);
    // A key merged into another changes that one, and the answer says so.
    const shown = async (record: typeof feedback): Promise<Feedback> => ({
      ...(await presentFeedback(services, record)),
      ...(mergedAway(feedback, keyOrId) && { mergedInto: feedback.key }),
    });
    const now = options.at ?? clock();
    const step = transition(feedback, feedback.status, change.status, grant.userId);
    const comment = change.comment?.trim();
    if (!step.changed && !comment) return ok(await shown(feedback));
    // The organization's Slack channel hears of the change when it follows the feedback.
    const notices = step.changed ? await statusNoticeJobs(services, feedback, change.status) : [];
    const applied = await store.applyStatusChange({
      orgId: grant.orgId,
      feedbackId: feedback.id,
      from: feedback.status,
      to: change.status,
      ...(comment && { comment: { id: ids.id(), text: comment, authorUserId: grant.userId } }),
      at: now,
      events: step.events.map((e) => ({ ...e, id: ids.id(), orgId: grant.orgId, feedbackId: feedback.id, createdAt: now, actorId: grant.userId })),
      // The linked issue follows, unless the change came from it (no echo back).
      jobs: [
        ...(step.changed && feedback.tracker && !options.fromTracker
          ? [...step.jobs, { kind: "sync_tracker" as const, orgId: grant.orgId, feedbackId: feedback.id }]
          : step.jobs),
        ...notices,
        // Members the comment mentions are told, from the queue.
        ...mentionJobs(grant.orgId, feedback.id, comment),
      ],
    });
    if (applied) return ok(await shown({ ...feedback, status: change.status }));
  }
  throw new Error(`status of ${keyOrId} kept changing under ${MAX_ATTEMPTS} attempts`);
}

import type { FeedbackRecord } from "../model.ts";
import type { ChangelogEntryRecord } from "./entry.ts";
import type { Ids } from "../ports.ts";
import type { ChangelogPublication } from "../store/changelog.ts";
import type { JobRequest } from "../feedback/events.ts";
import { transition } from "../feedback/status.ts";

/**
 * What publishing an entry writes, in one commit. Each linked feedback not yet `delivered` moves
 * there with the events of any status change (`feedback.status_changed`, `feedback.shipped`) and
 * its tracker issue follows; but the per-feedback "delivered" notification is left out: the
 * entry's one announcement (`announce_changelog`) tells every follower of any of its feedbacks
 * once. The entry's own event, `changelog.published`, goes to the webhooks that subscribe to it.
 * The events are in the name of `by`, the person who published, whom the announcement does not tell,
 * and name the entry (`relatedId`).
 */
export function publication(
  draft: ChangelogEntryRecord,
  /** The `updatedAt` of the draft as read, written over only as such; null for an entry created and published at once. */
  draftUpdatedAt: number | null,
  feedbacks: readonly FeedbackRecord[],
  at: number,
  ids: Pick<Ids, "id">,
  by: string,
): ChangelogPublication {
  const entry: ChangelogEntryRecord = { ...draft, status: "published", publishedAt: at, updatedAt: at };
  const stamp = { orgId: entry.orgId, createdAt: at, actorId: by };
  const changes: Array<ChangelogPublication["changes"][number]> = [];
  const events: Array<ChangelogPublication["events"][number]> = [];
  const jobs: JobRequest[] = [];
  for (const feedback of feedbacks) {
    const step = transition(feedback, feedback.status, "delivered");
    if (!step.changed) continue;
    changes.push({ feedbackId: feedback.id, from: feedback.status, to: "delivered" });
    // Each change names the entry that made it, for the feedback's activity to say so.
    events.push(...step.events.map((e) => ({ ...e, ...stamp, id: ids.id(), feedbackId: feedback.id, relatedId: entry.id })));
    jobs.push(...step.jobs.filter((job) => job.kind !== "notify_followers"));
    if (feedback.tracker) jobs.push({ kind: "sync_tracker", orgId: entry.orgId, feedbackId: feedback.id });
  }
  events.push({ type: "changelog.published", ...stamp, id: ids.id(), feedbackId: entry.id });
  jobs.push({ kind: "announce_changelog", orgId: entry.orgId, feedbackId: entry.id, detail: by });
  return { entry, created: draftUpdatedAt === null, draftUpdatedAt, changes, events, jobs };
}

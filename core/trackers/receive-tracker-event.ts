import { trackerGrant } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { type ChangeStatusDeps, changeStatus } from "../feedback/change-status.ts";
import type { FeedbackRecord } from "../model.ts";
import type { TrackerSettings } from "../ports.ts";
import type { Status } from "../schemas/feedback.ts";
import type { AppTracker, TrackerStore } from "../store/trackers.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import { statusForState, type TrackerState } from "./status-mapping.ts";

/**
 * What an issue event asks of its feedbacks: a status (GitHub's labels and states say one), or the
 * workflow state the issue is now in, which each app's status mapping turns into a status.
 */
export type TrackerChange = {
  readonly issueKey: string;
  /** The issue's own state after the event (`open`, `closed`, `In Progress`), when the tracker says it. */
  readonly issueStatus?: string;
  /** When the issue changed, by the tracker's clock, when the event says it. */
  readonly at?: number;
} & ({ readonly status: Status } | { readonly state: TrackerState });

/** When an issue changed, from the time a tracker's event writes (ISO 8601); nothing when it writes none, or none that reads. */
export function changedAt(iso: string | undefined): Pick<TrackerChange, "at"> {
  const at = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isFinite(at) ? { at } : {};
}

/** How far the tracker's clock and ours may drift apart: an event is stale only when older than this before the last sync. */
const CLOCK_DRIFT_MS = 60_000;

/**
 * Whether an event says what is no longer so: it tells of a change made before the issue and the
 * feedback were last brought in line (a delivery sent again, replayed, or late behind a newer one).
 */
const stale = (change: TrackerChange, link: { readonly syncedAt?: number } | undefined): boolean =>
  change.at !== undefined && link?.syncedAt !== undefined && change.at < link.syncedAt - CLOCK_DRIFT_MS;

/** What a tracker's status reaching its feedbacks reads and writes. */
type TrackerStatusDeps = ChangeStatusDeps & {
  readonly store: Pick<TrackerStore, "findAppTrackersByProject" | "findFeedbacksByTracker" | "refreshFeedbackTracker">;
};

interface TrackerEvent {
  readonly provider: string;
  /** The project the event names, read before it is trusted; "" when it names none. */
  readonly project: string;
  /** Whether the delivery is signed with a webhook secret (each provider signs its own way). */
  readonly signedWith: (secret: string) => boolean | Promise<boolean>;
  /** The change it asks for; null for an event that changes nothing, "malformed" for a body of the wrong shape. */
  readonly change: TrackerChange | null | "malformed";
}

/** An app tracker whose webhook secret signed the event, with its settings opened. */
interface SignedTracker {
  readonly tracker: AppTracker;
  readonly settings: TrackerSettings;
}

/**
 * An incoming issue event: it must be signed with the webhook secret of an app tracking that
 * project, and only then is its shape looked at (an unsigned sender learns nothing). Only the apps
 * whose secret signed it are moved: another workspace's project of the same name is not theirs.
 * Returns how many feedbacks moved.
 */
export async function receiveTrackerEvent(
  services: TrackerStatusDeps & SettingsDeps,
  event: TrackerEvent,
): Promise<Result<{ readonly moved: number }>> {
  const trackers = event.project ? await services.store.findAppTrackersByProject(event.provider, event.project) : [];
  const signed: SignedTracker[] = [];
  for (const tracker of trackers) {
    const settings = await openSettings(services, tracker);
    // One organization's settings that no longer open do not stop the others' events.
    if (settings && (await event.signedWith(settings.webhookSecret))) signed.push({ tracker, settings });
  }
  if (signed.length === 0) return fail("invalid_signature");
  if (event.change === "malformed") return fail("invalid_body");
  if (event.change === null) return ok({ moved: 0 });
  const moved = await applyTrackerStatus(services, event.provider, signed, event.change);
  return ok({ moved });
}

/**
 * A status the tracker set on an issue: every feedback linked to it, of the apps whose webhook signed
 * the event, moves through the same use case as REST (so the same events go out), marked as coming
 * from the tracker so nothing echoes back. A workflow state becomes a status through the app's
 * mapping, and moves nothing when the feedback's status already fits it. The issue's own state,
 * when the tracker tells it, is kept on the link.
 */
async function applyTrackerStatus(
  services: TrackerStatusDeps,
  provider: string,
  signed: readonly SignedTracker[],
  change: TrackerChange,
): Promise<number> {
  let moved = 0;
  for (const { tracker: appTracker, settings } of signed) {
    for (const feedback of await services.store.findFeedbacksByTracker(appTracker.orgId, change.issueKey)) {
      // A feedback follows its own app's tracker (as links and syncs do): another app's secret,
      // held by another tracker's admins, cannot move it by naming one of its issues.
      if (feedback.appId !== appTracker.appId) continue;
      if (await followIssue(services, provider, appTracker.orgId, settings, feedback, change)) moved++;
    }
  }
  return moved;
}

/** One linked feedback follows the issue's change; whether its status moved. */
async function followIssue(
  services: TrackerStatusDeps,
  provider: string,
  orgId: string,
  settings: TrackerSettings,
  feedback: FeedbackRecord,
  change: TrackerChange,
): Promise<boolean> {
  // Keys are the tracker's own (ENG-12): the same key from another provider is another issue.
  if (feedback.tracker?.provider !== provider || stale(change, feedback.tracker)) return false;
  const status = "status" in change ? change.status : statusForState(settings.statuses ?? {}, change.state, feedback.status);
  const result = status && (await changeStatus(services, trackerGrant(orgId, provider), feedback.id, { status }, { fromTracker: true }));
  if (change.issueStatus && feedback.tracker.status !== change.issueStatus) {
    await services.store.refreshFeedbackTracker(orgId, feedback.id, { ...feedback.tracker, status: change.issueStatus, syncedAt: services.clock() });
  }
  return result ? result.ok : false;
}

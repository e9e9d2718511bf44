import { fail, ok, type Result } from "../errors.ts";
import type { TrackerSettings } from "../ports.ts";
import type { Status } from "../schemas/feedback.ts";
import type { AppTracker } from "../store/trackers.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import type { TrackerState } from "./status-mapping.ts";
import { applyTrackerStatus, type TrackerStatusDeps } from "./sync.ts";

/**
 * What an issue event asks of its feedbacks: a status (GitHub's labels and states say one), or the
 * workflow state the issue is now in, which each app's status mapping turns into a status.
 */
export type TrackerChange = {
  readonly issueKey: string;
  /** The issue's own state after the event (`open`, `closed`, `In Progress`), when the tracker says it. */
  readonly issueStatus?: string;
} & ({ readonly status: Status } | { readonly state: TrackerState });

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
export interface SignedTracker {
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

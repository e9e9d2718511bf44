import { fail, ok, type Result } from "../errors.ts";
import type { Status } from "../schemas/feedback.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import { applyTrackerStatus, type TrackerStatusDeps } from "./sync.ts";

/** What an issue event asks of its feedbacks. */
export interface TrackerChange {
  readonly issueKey: string;
  readonly status: Status;
  /** The issue's own state after the event (`open`, `closed`), when the tracker says it. */
  readonly issueStatus?: string;
}

interface TrackerEvent {
  readonly provider: string;
  /** The project the event names, read before it is trusted; "" when it names none. */
  readonly project: string;
  /** Whether the delivery is signed with a webhook secret (each provider signs its own way). */
  readonly signedWith: (secret: string) => boolean | Promise<boolean>;
  /** The change it asks for; null for an event that changes nothing, "malformed" for a body of the wrong shape. */
  readonly change: TrackerChange | null | "malformed";
}

/**
 * An incoming issue event: it must be signed with the webhook secret of an app tracking that
 * project, and only then is its shape looked at (an unsigned sender learns nothing). Returns how many
 * feedbacks moved.
 */
export async function receiveTrackerEvent(
  services: TrackerStatusDeps & SettingsDeps,
  event: TrackerEvent,
): Promise<Result<{ readonly moved: number }>> {
  const trackers = event.project ? await services.store.findAppTrackersByProject(event.provider, event.project) : [];
  let signed = false;
  for (const tracker of trackers) signed ||= await event.signedWith((await openSettings(services, tracker)).webhookSecret);
  if (!signed) return fail("invalid_signature");
  if (event.change === "malformed") return fail("invalid_body");
  if (event.change === null) return ok({ moved: 0 });
  const moved = await applyTrackerStatus(services, { provider: event.provider, project: event.project, ...event.change });
  return ok({ moved });
}

import { openSealed } from "../open-sealed.ts";
import type { TrackerSettings } from "../ports.ts";
import type { Services } from "../services.ts";
import type { AppTracker } from "../store/trackers.ts";

/** Tracker settings are sealed at rest; opening them needs only the service's secret box. */
export type SettingsDeps = Pick<Services, "secrets">;

/** An app's tracker settings, opened; null when they were sealed with a key since lost (the tracker is then as good as none). */
export async function openSettings(services: SettingsDeps, tracker: AppTracker): Promise<TrackerSettings | null> {
  const opened = await openSealed(services.secrets, tracker.settingsSealed);
  return opened === null ? null : (JSON.parse(opened) as TrackerSettings);
}

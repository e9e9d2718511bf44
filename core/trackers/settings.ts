import type { TrackerSettings } from "../ports.ts";
import type { Services } from "../services.ts";
import type { AppTracker } from "../store/trackers.ts";

/** Tracker settings are sealed at rest; opening them needs only the service's secret box. */
export type SettingsDeps = Pick<Services, "secrets">;

/** An app's tracker settings, opened. */
export const openSettings = async (services: SettingsDeps, tracker: AppTracker): Promise<TrackerSettings> =>
  JSON.parse(await services.secrets.open(tracker.settingsSealed)) as TrackerSettings;

import type { TrackerSettings } from "../ports.ts";
import type { Services } from "../services.ts";
import type { AppTracker } from "../store.ts";

/** Seals and stores an app's tracker settings (they hold an access token). */
export async function configureTracker(services: Services, orgId: string, appId: string, provider: string, settings: TrackerSettings): Promise<void> {
  await services.store.setAppTracker({
    orgId,
    appId,
    provider,
    project: settings.project,
    settingsSealed: await services.secrets.seal(JSON.stringify(settings)),
  });
}

export const openSettings = async (services: Services, tracker: AppTracker): Promise<TrackerSettings> =>
  JSON.parse(await services.secrets.open(tracker.settingsSealed)) as TrackerSettings;

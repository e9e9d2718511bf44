import { managedApp } from "../apps/managed-app.ts";
import { ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { TrackerSettings } from "../ports.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { AppTracker, TrackerStore } from "../store/trackers.ts";

/** Tracker settings are sealed at rest; opening them needs only the service's secret box. */
export type SettingsDeps = Pick<Services, "secrets">;

/** Seals and stores an app's tracker settings (they hold an access token). */
export async function configureTracker(
  services: SettingsDeps & { readonly store: Pick<CatalogStore, "findApp"> & Pick<TrackerStore, "setAppTracker"> },
  grant: Grant,
  appId: string,
  provider: string,
  settings: TrackerSettings,
): Promise<Result<AppRecord>> {
  const managed = await managedApp(services, grant, appId);
  if (!managed.ok) return managed;
  await services.store.setAppTracker({
    orgId: grant.orgId,
    appId,
    provider,
    project: settings.project,
    settingsSealed: await services.secrets.seal(JSON.stringify(settings)),
  });
  return ok(managed.value);
}

export const openSettings = async (services: SettingsDeps, tracker: AppTracker): Promise<TrackerSettings> =>
  JSON.parse(await services.secrets.open(tracker.settingsSealed)) as TrackerSettings;

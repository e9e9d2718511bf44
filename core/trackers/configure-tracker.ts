import { managedApp } from "../apps/managed-app.ts";
import { invalid, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { TrackerSettings } from "../ports.ts";
import type { Services } from "../services.ts";
import { mappingAllowed } from "./maps-statuses.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";

/**
 * Seals and stores an app's tracker settings (they hold an access token). Set again for the same
 * tracker (a new token, the secret the tracker chose), it keeps the status mapping unless given one.
 * A provider this service has no adapter for, or a mapping for one that keeps none, is refused.
 */
export async function configureTracker(
  services: SettingsDeps &
    Pick<Services, "trackers"> & { readonly store: Pick<CatalogStore, "findApp"> & Pick<TrackerStore, "findAppTracker" | "setAppTracker"> },
  grant: Grant,
  appId: string,
  provider: string,
  settings: TrackerSettings,
): Promise<Result<AppRecord>> {
  const managed = await managedApp(services, grant, appId);
  if (!managed.ok) return managed;
  if (!services.trackers[provider]) return invalid("invalid_body", { field: "provider", reason: "unknown" });
  if (settings.statuses) {
    const allowed = mappingAllowed(services, provider);
    if (!allowed.ok) return allowed;
  }
  const previous = settings.statuses ? null : await services.store.findAppTracker(grant.orgId, appId);
  // A mapping sealed with a key the store has lost since (secret-key reset) is given again.
  const kept = previous?.provider === provider ? (await openSettings(services, previous))?.statuses : undefined;
  await services.store.setAppTracker({
    orgId: grant.orgId,
    appId,
    provider,
    project: settings.project,
    settingsSealed: await services.secrets.seal(JSON.stringify(kept ? { ...settings, statuses: kept } : settings)),
  });
  return ok(managed.value);
}

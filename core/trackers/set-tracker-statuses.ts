import { managedApp } from "../apps/managed-app.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import type { Services } from "../services.ts";
import { mappingAllowed } from "./maps-statuses.ts";
import { readStatusMapping, type StatusMapping } from "./status-mapping.ts";
import { knownStates } from "./known-states.ts";
import { refusedAtCall } from "./tracker-address.ts";

/** A mapping is written on the settings it read; settings saved meanwhile (a new token) make it read them again. */
const MAX_ATTEMPTS = 3;

/**
 * Replaces the workflow state each status of an app's feedbacks goes to in its tracker (Linear,
 * Jira), by state name; a status left blank takes the default. The rest of the settings is kept as
 * stored when the mapping is written (a token saved meanwhile included), and the tracker's last
 * failure as the store has it at write time (a sync may clear or record one meanwhile).
 * Refused for a tracker that keeps no mapping (mapsStatuses), and for a state the tracker's workflow
 * lacks (an issue would never go there, and one moved to a state of its kind would move nothing);
 * saved unchecked when the tracker cannot be asked, as its settings are, or may not be (refusedAtCall).
 */
export async function setTrackerStatuses(
  services: SettingsDeps &
    Pick<Services, "trackers" | "trackerAddresses"> & {
      readonly store: Pick<CatalogStore, "findApp"> & Pick<TrackerStore, "findAppTracker" | "setTrackerSettings">;
    },
  grant: Grant,
  appId: string,
  entries: Readonly<Record<string, string>>,
): Promise<Result<StatusMapping>> {
  const managed = await managedApp(services, grant, appId);
  if (!managed.ok) return managed;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const tracker = await services.store.findAppTracker(grant.orgId, appId);
    if (!tracker) return fail("no_tracker");
    const allowed = mappingAllowed(services, tracker.provider);
    if (!allowed.ok) return allowed;
    const mapping = readStatusMapping(entries);
    if (!mapping.ok) return mapping;
    const opened = await openSettings(services, tracker);
    if (!opened) return fail("no_tracker");
    const { statuses: _, ...settings } = opened;
    const callable = !(await refusedAtCall(services.trackerAddresses, tracker.provider, settings));
    const known = callable ? await knownStates(services.trackers[tracker.provider], settings, mapping.value) : ok(undefined);
    if (!known.ok) return known;
    const sealed = await services.secrets.seal(JSON.stringify({ ...settings, statuses: mapping.value }));
    if (await services.store.setTrackerSettings(grant.orgId, appId, { project: settings.project, settingsSealed: sealed }, tracker.settingsSealed))
      return ok(mapping.value);
  }
  throw new Error(`the tracker settings of app ${appId} kept changing under ${MAX_ATTEMPTS} attempts to save its status mapping`);
}

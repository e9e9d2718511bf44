import { managedApp } from "../apps/managed-app.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TrackerStore } from "../store/trackers.ts";

/**
 * Stops an app's feedbacks following an issue tracker: nothing more is created or synced there.
 * The issues already linked stay linked, as a record of where the work was tracked.
 */
export async function removeTracker(
  services: { readonly store: Pick<CatalogStore, "findApp"> & Pick<TrackerStore, "removeAppTracker"> },
  grant: Grant,
  appId: string,
): Promise<Result<AppRecord>> {
  const managed = await managedApp(services, grant, appId);
  if (!managed.ok) return managed;
  return (await services.store.removeAppTracker(grant.orgId, appId)) ? ok(managed.value) : fail("no_tracker");
}

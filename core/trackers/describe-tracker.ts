import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { DeliveryFailure, Grant } from "../model.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { mapsStatuses } from "./maps-statuses.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import type { StatusMapping } from "./status-mapping.ts";

/** An app's tracker as the settings show it: never its token nor its webhook secret. */
export interface TrackerView {
  readonly provider: string;
  readonly project: string;
  /** Jira: its site and the e-mail of the token's account; an API address given in place of the tracker's own. */
  readonly site?: string;
  readonly email?: string;
  readonly apiUrl?: string;
  /** Whether the tracker moves issues between named states, which `statuses` maps each status to. */
  readonly mapsStatuses: boolean;
  readonly statuses: StatusMapping;
  /** The last failure of a sync with the tracker, until one succeeds. */
  readonly lastFailure?: DeliveryFailure;
}

/** The tracker an app's feedbacks follow, if any (null), for the members of its organization; not_found for an app it does not have. */
export async function describeTracker(
  services: SettingsDeps & Pick<Services, "trackers"> & { readonly store: Pick<TrackerStore, "findAppTracker"> & Pick<CatalogStore, "findApp"> },
  grant: Grant,
  appId: string,
): Promise<Result<TrackerView | null>> {
  const allowed = authorize(grant, "organization.read");
  if (!allowed.ok) return allowed;
  const tracker = await services.store.findAppTracker(grant.orgId, appId);
  if (!tracker) return (await services.store.findApp(grant.orgId, appId)) ? ok(null) : fail("not_found");
  // Settings sealed with a key the store has lost since (secret-key reset) show empty, to be given again.
  const settings = await openSettings(services, tracker);
  return ok({
    provider: tracker.provider,
    project: settings?.project ?? "",
    ...(settings?.site && { site: settings.site }),
    ...(settings?.email && { email: settings.email }),
    ...(settings?.apiUrl && { apiUrl: settings.apiUrl }),
    mapsStatuses: mapsStatuses(services, tracker.provider),
    statuses: settings?.statuses ?? {},
    ...(tracker.lastFailure && { lastFailure: tracker.lastFailure }),
  });
}

import { authorize } from "../authorization.ts";
import { managedApp } from "../apps/managed-app.ts";
import { invalid, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { TrackerSettings } from "../ports.ts";
import type { Services } from "../services.ts";
import { mappingAllowed } from "./maps-statuses.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import { checkCredentials, REFUSAL_OF, type RefusedPart } from "../refused-credentials.ts";
import { readTrackerFields, type TrackerFields } from "./tracker-fields.ts";
import type { AddressRule } from "../outbound/target.ts";
import { knownStates } from "./known-states.ts";
import { checkTrackerAddress } from "./tracker-address.ts";

/**
 * What was stored: the app, and the secret the tracker's webhook signs with (kept: the one it had);
 * and, when the tracker could not be asked whether it takes the token, what the attempt said.
 */
interface Configured {
  readonly app: AppRecord;
  readonly webhookSecret: string;
  readonly secretKept: boolean;
  readonly unchecked?: string;
}

/** The settings field a refusal names, by the part the tracker refused: a token that may not write issues is the token's fault. */
const FIELD_OF: Readonly<Record<RefusedPart, "token" | "project">> = { token: "token", project: "project", permission: "token" };

/**
 * Seals and stores an app's tracker settings (they hold an access token), from the fields a person
 * gave (tracker set, the settings' form), refused by the first field that is wrong. Set again for
 * the same tracker (a new token, the secret the tracker chose), it keeps the status mapping unless
 * given one, the webhook secret unless given one (a renewed token must not silently break the
 * webhook the tracker already signs with), and the token unless given one. A provider this service
 * has no adapter for, or a mapping for one that keeps none, is refused. The tracker is asked whether
 * it takes the token for the project (IssueTracker.check): settings it refuses are not stored; when
 * it cannot be reached (the machine may be offline), they are stored, and the answer says the token
 * went unchecked, as the tracker's last failure does until a call to it goes through. The address
 * an Admin gives (web settings) is checked by `addressRule` before any request goes to it; the
 * operator's (tracker set, null) is the machine's own choice, taken as given.
 */
export async function configureTracker(
  services: SettingsDeps &
    Pick<Services, "trackers" | "ids" | "clock"> & {
      readonly store: Pick<CatalogStore, "findApp"> & Pick<TrackerStore, "findAppTracker" | "setAppTracker">;
    },
  grant: Grant,
  appId: string,
  provider: string,
  fields: TrackerFields,
  addressRule: AddressRule | null,
): Promise<Result<Configured>> {
  // Who may set it first; then the fields, before the app is read, in the order tracker set has always said them.
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const given = readTrackerFields(provider, fields);
  if (!given.ok) return given;
  const refusedAddress = addressRule && (await checkTrackerAddress(addressRule, provider, given.value));
  if (refusedAddress) return invalid("invalid_body", refusedAddress);
  const managed = await managedApp(services, grant, appId);
  if (!managed.ok) return managed;
  const tracker = services.trackers[provider];
  if (!tracker) return invalid("invalid_body", { field: "provider", reason: "unknown" });
  if (given.value.statuses) {
    const allowed = mappingAllowed(services, provider);
    if (!allowed.ok) return allowed;
  }
  const previous = await services.store.findAppTracker(grant.orgId, appId);
  // Settings sealed with a key the store has lost since (secret-key reset) are given again.
  const before = previous?.provider === provider ? await openSettings(services, previous) : null;
  const { token = before?.token, webhookSecret, ...read } = given.value;
  if (token === undefined) return invalid("invalid_body", { field: "token", reason: "missing" });
  const keptSecret = webhookSecret === undefined ? before?.webhookSecret : undefined;
  const kept = read.statuses ? undefined : before?.statuses;
  const settings: TrackerSettings = {
    ...read,
    token,
    webhookSecret: webhookSecret ?? keptSecret ?? services.ids.secret(),
    ...(addressRule && { givenByAdmin: true as const }),
  };
  // Asked now, or a token the tracker refuses would be stored as working while every sync failed unseen.
  const checked = await checkCredentials(async () => tracker.check?.(settings), [settings.token, settings.webhookSecret]);
  if (checked.verdict === "refused")
    return invalid("invalid_body", { field: FIELD_OF[checked.part], reason: REFUSAL_OF[checked.part], said: checked.said });
  // A mapping given with the settings (tracker set --statuses) names states its workflow has, as tracker statuses' does.
  if (read.statuses && checked.verdict !== "unreachable") {
    const known = await knownStates(tracker, settings, read.statuses);
    if (!known.ok) return known;
  }
  await services.store.setAppTracker({
    orgId: grant.orgId,
    appId,
    provider,
    project: settings.project,
    settingsSealed: await services.secrets.seal(JSON.stringify(kept ? { ...settings, statuses: kept } : settings)),
    // Unchecked, it is said as the last failed call until a sync goes through: a reload must not read as working.
    ...(checked.verdict === "unreachable" && { lastFailure: { at: services.clock(), error: checked.said, refused: false } }),
  });
  return ok({
    app: managed.value,
    webhookSecret: settings.webhookSecret,
    secretKept: keptSecret !== undefined,
    ...(checked.verdict === "unreachable" && { unchecked: checked.said }),
  });
}

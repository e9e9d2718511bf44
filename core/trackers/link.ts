import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result, saidBy, unavailable } from "../errors.ts";
import { feedbackUrl } from "../feedback/present.ts";
import type { Grant, TrackerLink } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import { CredentialsRefused } from "../refused-credentials.ts";
import { DeadlinePassed, TRACKER_DEADLINE_MS } from "./deadline.ts";
import { refusedAtCall } from "./tracker-address.ts";

/** What linking a tracker issue reads and writes. */
type LinkTrackerDeps = FindDeps &
  PresentDeps &
  SettingsDeps &
  Pick<Services, "trackers" | "trackerAddresses" | "clock"> & {
    readonly store: Pick<TrackerStore, "findAppTracker" | "setFeedbackTracker" | "claimTrackerOpening" | "releaseTrackerOpening">;
  };

/**
 * How long a claim on opening a feedback's issue holds: longer than a tracker operation may take (its
 * deadline), so an opening usually still holds its claim when it ends. A process that died during the
 * call leaves a claim that runs out after this, and the feedback may then be opened again.
 */
const OPENING_LEASE_MS = 2 * TRACKER_DEADLINE_MS;

/**
 * Links a feedback to an existing issue of its app's tracker, or opens a new one. A feedback linked
 * already opens no second issue (tracker_linked): a second press, a teammate or an agent asking
 * again would leave the first one orphaned in the tracker. So does one being opened at this moment:
 * of two requests at once, the one that claims the opening calls the tracker. Naming an issue
 * replaces the link. An issue opened that the store then fails to link is said by its key and
 * address (internal_error, `unlinked`), its claim given back: linked by name, it is not opened twice.
 * An opening the tracker did not answer in time may have been made: its failure says so (`mayHaveOpened`).
 */
export async function linkTracker(services: LinkTrackerDeps, grant: Grant, keyOrId: string, issue: string | undefined): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  // Before tracker_linked: an app whose tracker was removed opens nothing, linked or not, until it has one again.
  const appTracker = await services.store.findAppTracker(grant.orgId, feedback.appId);
  const tracker = appTracker && services.trackers[appTracker.provider];
  if (!appTracker || !tracker) return fail("no_tracker");
  const settings = await openSettings(services, appTracker);
  if (!settings) return fail("no_tracker");
  // Text that is no number, key or address of the project's issues is said so, not sent to the tracker as one it lacks.
  if (issue && tracker.names && !tracker.names(settings, issue)) return invalid("invalid_body", { field: "issue", reason: "malformed" });
  const refused = await refusedAtCall(services.trackerAddresses, appTracker.provider, settings);
  if (refused) return unavailable("tracker_unavailable", refused);
  const now = services.clock();
  if (!issue && !(await services.store.claimTrackerOpening(grant.orgId, feedback.id, now, OPENING_LEASE_MS))) return fail("tracker_linked");
  let link: TrackerLink | null;
  try {
    link = issue
      ? await tracker.find(settings, issue)
      : await tracker.open(settings, {
          title: feedback.title,
          body: [feedback.summary ?? feedback.observed, `Feedback ${feedback.key}: ${feedbackUrl(services.baseUrl, feedback.key)}`]
            .filter(Boolean)
            .join("\n\n"),
          status: feedback.status,
        });
  } catch (error) {
    if (!issue) await giveBack(services, grant.orgId, feedback.id, now);
    // Linking is asked now, not queued: an outage is said to the person, who may try again; a refused
    // token is said as such, since trying again will not help.
    const failed = unavailable("tracker_unavailable", error, [settings.token, settings.webhookSecret]);
    if (error instanceof CredentialsRefused) return { ...failed, credentialsRefused: true };
    // An opening cut off by its deadline may have been made: said, so that it is linked rather than made twice.
    return !issue && error instanceof DeadlinePassed ? { ...failed, mayHaveOpened: true } : failed;
  }
  if (!link) return fail("not_found");
  const linked = { ...link, syncedAt: services.clock() };
  try {
    await services.store.setFeedbackTracker(grant.orgId, feedback.id, linked);
  } catch (error) {
    // An issue named exists linked or not; one opened here would be orphaned, and the next attempt open a second.
    if (issue) throw error;
    await giveBack(services, grant.orgId, feedback.id, now);
    return { ok: false, code: "internal_error", cause: saidBy(error), unlinked: { key: link.key, ...(link.url && { url: link.url }) } };
  }
  return ok(await presentFeedback(services, { ...feedback, tracker: linked }));
}

/**
 * Gives back the claim on opening taken at `now`, named by its end (a slow store may have let another
 * take it over since), so the person may try again at once; should that fail too, it runs out.
 */
async function giveBack(services: LinkTrackerDeps, orgId: string, feedbackId: string, now: number): Promise<void> {
  await services.store.releaseTrackerOpening(orgId, feedbackId, now + OPENING_LEASE_MS).catch(() => undefined);
}

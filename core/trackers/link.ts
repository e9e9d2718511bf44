import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result, unavailable } from "../errors.ts";
import { feedbackUrl } from "../feedback/present.ts";
import type { Grant, TrackerLink } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { TrackerStore } from "../store/trackers.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { openSettings, type SettingsDeps } from "./settings.ts";
import { CredentialsRefused } from "../refused-credentials.ts";

/** What linking a tracker issue reads and writes. */
type LinkTrackerDeps = FindDeps &
  PresentDeps &
  SettingsDeps &
  Pick<Services, "trackers" | "clock"> & { readonly store: Pick<TrackerStore, "findAppTracker" | "setFeedbackTracker"> };

/**
 * Links a feedback to an existing issue of its app's tracker, or opens a new one. A feedback linked
 * already opens no second issue (tracker_linked): a second press, a teammate or an agent asking
 * again would leave the first one orphaned in the tracker. Naming an issue replaces the link.
 */
export async function linkTracker(services: LinkTrackerDeps, grant: Grant, keyOrId: string, issue: string | undefined): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  if (!issue && feedback.tracker) return fail("tracker_linked");
  const appTracker = await services.store.findAppTracker(grant.orgId, feedback.appId);
  const tracker = appTracker && services.trackers[appTracker.provider];
  if (!appTracker || !tracker) return fail("no_tracker");
  const settings = await openSettings(services, appTracker);
  if (!settings) return fail("no_tracker");
  // Text that is no number, key or address of the project's issues is said so, not sent to the tracker as one it lacks.
  if (issue && tracker.names && !tracker.names(settings, issue)) return invalid("invalid_body", { field: "issue", reason: "malformed" });
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
    // Linking is asked now, not queued: an outage is said to the person, who may try again; a refused
    // token is said as such, since trying again will not help.
    const failed = unavailable("tracker_unavailable", error, [settings.token, settings.webhookSecret]);
    return error instanceof CredentialsRefused ? { ...failed, credentialsRefused: true } : failed;
  }
  if (!link) return fail("not_found");
  const linked = { ...link, syncedAt: services.clock() };
  await services.store.setFeedbackTracker(grant.orgId, feedback.id, linked);
  return ok(await presentFeedback(services, { ...feedback, tracker: linked }));
}

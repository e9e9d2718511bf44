import type { DeliveryFailure, FeedbackRecord, TrackerLink } from "../model.ts";

export interface AppTracker {
  readonly orgId: string;
  readonly appId: string;
  readonly provider: string;
  readonly settingsSealed: string;
  /** The last failure of a sync with the tracker, until one succeeds. */
  readonly lastFailure?: DeliveryFailure;
}

/** Issue trackers: each app's tracker, and the issue each feedback is linked to. */
export interface TrackerStore {
  /** Sets the app's tracker as given, its last failure included: settings given anew come without one. */
  setAppTracker(tracker: AppTracker & { readonly project: string }): Promise<void>;
  /**
   * Replaces the sealed settings of the app's tracker and the project they name, keeping its last
   * failure as it is at write time: settings changed without a new token (a status mapping) say
   * nothing of whether syncs work. Written only while the sealed settings stored are still `expected`
   * (those the new ones were made from): settings saved meanwhile, a new token say, are never undone.
   * False when nothing was written: the settings changed since, or the app has no tracker.
   */
  setTrackerSettings(
    orgId: string,
    appId: string,
    settings: { readonly settingsSealed: string; readonly project: string },
    expected: string,
  ): Promise<boolean>;
  findAppTracker(orgId: string, appId: string): Promise<AppTracker | null>;
  /** Forgets the app's tracker (its feedbacks keep the issues they link to); false if it had none. */
  removeAppTracker(orgId: string, appId: string): Promise<boolean>;
  /** Keeps the failure as the app tracker's last one (nothing when the app has no tracker). */
  recordTrackerFailure(orgId: string, appId: string, failure: DeliveryFailure): Promise<void>;
  /** Forgets the app tracker's last failure if it happened before `before` (the start of a sync that succeeded). */
  clearTrackerFailure(orgId: string, appId: string, before: number): Promise<void>;
  /** The apps whose tracker is this provider's project (for the tracker's incoming webhooks). */
  findAppTrackersByProject(provider: string, project: string): Promise<AppTracker[]>;
  /** Links the feedback to an issue, replacing any link it had. */
  setFeedbackTracker(orgId: string, feedbackId: string, link: TrackerLink): Promise<void>;
  /**
   * Claims the opening of the feedback's issue until `now + leaseMs`, so that one request opens it:
   * false when the feedback is linked already, or another's claim is younger than the lease (one
   * older is a crashed opener's, taken over).
   */
  claimTrackerOpening(orgId: string, feedbackId: string, now: number, leaseMs: number): Promise<boolean>;
  /**
   * Gives the claim back when the opening failed, so the person may try again at once: only the one
   * that runs until `until` (the claimer's own), never one taken over since its lease ran out.
   */
  releaseTrackerOpening(orgId: string, feedbackId: string, until: number): Promise<void>;
  /**
   * Brings the feedback's link to its issue up to date (its state, when it was synced), only while
   * the feedback is still linked to that issue (`link.key`): a sync or an event that read the link
   * before a relink never undoes it. False when nothing was written.
   */
  refreshFeedbackTracker(orgId: string, feedbackId: string, link: TrackerLink): Promise<boolean>;
  /** Every feedback linked to the issue (one issue may answer several), merged ones left out, in id order. */
  findFeedbacksByTracker(orgId: string, trackerKey: string): Promise<FeedbackRecord[]>;
}

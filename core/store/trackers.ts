import type { FeedbackRecord, TrackerLink } from "../model.ts";

export interface AppTracker {
  readonly orgId: string;
  readonly appId: string;
  readonly provider: string;
  readonly settingsSealed: string;
}

/** Issue trackers: each app's tracker, and the issue each feedback is linked to. */
export interface TrackerStore {
  setAppTracker(tracker: AppTracker & { readonly project: string }): Promise<void>;
  findAppTracker(orgId: string, appId: string): Promise<AppTracker | null>;
  /** Forgets the app's tracker (its feedbacks keep the issues they link to); false if it had none. */
  removeAppTracker(orgId: string, appId: string): Promise<boolean>;
  /** The apps whose tracker is this provider's project (for the tracker's incoming webhooks). */
  findAppTrackersByProject(provider: string, project: string): Promise<AppTracker[]>;
  setFeedbackTracker(orgId: string, feedbackId: string, link: TrackerLink): Promise<void>;
  findFeedbackByTracker(orgId: string, trackerKey: string): Promise<FeedbackRecord | null>;
}

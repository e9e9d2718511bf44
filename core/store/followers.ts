import type { Follower } from "../model.ts";

/** What claiming a notification's sending found: it is this caller's to send, sent already, or another sender's now. */
export type NotificationClaim = "claimed" | "sent" | "held";

/** Who follows a feedback, and the notifications each was sent, claimed once. */
export interface FollowerStore {
  listFollowers(feedbackId: string): Promise<Follower[]>;
  /** The followers of any of these feedbacks, in one read: each as listFollowers gives it. */
  listFollowersOf(feedbackIds: readonly string[]): Promise<Follower[]>;
  /** How many people follow each of these feedbacks; a feedback nobody follows is absent. */
  countFollowers(feedbackIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Claims the sending of a notification: `claimed`, unless it was `sent` already, or another
   * worker's unconfirmed claim is younger than `leaseMs` (`held`); an older one is a crashed
   * sender's, taken over.
   */
  claimNotification(feedbackId: string, email: string, notificationKey: string, at: number, leaseMs: number): Promise<NotificationClaim>;
  /** Records that the claimed notification was handed over. */
  confirmNotification(feedbackId: string, email: string, notificationKey: string, at: number): Promise<void>;
  /** The notifications sent about a feedback (confirmed ones), oldest first. */
  listNotifications(feedbackId: string): Promise<Array<{ readonly email: string; readonly key: string; readonly sentAt: number }>>;
  /** Gives a claim back when its message could not be sent, so the retry sends it. */
  releaseNotification(feedbackId: string, email: string, notificationKey: string): Promise<void>;
  /** Starts following, with the tracking link given (or keeps following, as it was but for a name given). */
  addFollower(follower: Follower): Promise<void>;
  /** Stops following; false if the address did not follow the feedback. */
  removeFollower(feedbackId: string, email: string): Promise<boolean>;
}

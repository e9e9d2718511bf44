import type { DeliveryFailure } from "../model.ts";
import type { Kind, Severity } from "../schemas/feedback.ts";

/** An organization's Slack app, as the store keeps it: the secrets sealed, the rest in the clear. */
export interface SlackConnection {
  readonly orgId: string;
  /** The signing secret and the bot token, sealed (see core/slack/connect-slack.ts). */
  readonly secretsSealed: string;
  /** The app reports from Slack go to; absent when the organization has one app, or picks in a dialog. */
  readonly appId?: string;
  /** The channel new feedbacks and status changes are posted to; absent: none is. */
  readonly channel?: string;
  /** The kinds of new feedback the channel hears of (all when empty). */
  readonly kinds: readonly Kind[];
  /** The least grave severity the channel hears of; absent: every feedback, graded or not. */
  readonly minSeverity?: Severity;
  /** The Web API's address, for a test server; absent: the service's default (SLACK_API_URL or Slack's). */
  readonly apiUrl?: string;
  /**
   * The workspace the bot token was issued for (auth.test's team_id): requests from another one are
   * refused, since Slack signs every workspace's with the app's one signing secret. Absent when the
   * connection was saved before workspaces were kept, or while Slack could not be asked: any is taken.
   */
  readonly teamId?: string;
  /** The Enterprise Grid organization of that workspace; alone (without teamId), the app is installed on the whole organization. */
  readonly enterpriseId?: string;
  /** The last failure of a call to Slack from a job, until one succeeds; saving the connection again starts without one. */
  readonly lastFailure?: DeliveryFailure;
}

/** Each organization's Slack app, and the Events API deliveries already handled. */
export interface SlackStore {
  setSlackConnection(connection: SlackConnection): Promise<void>;
  findSlackConnection(orgId: string): Promise<SlackConnection | null>;
  removeSlackConnection(orgId: string): Promise<void>;
  /** Keeps the failure as the connection's last one (nothing when the organization has no connection). */
  recordSlackFailure(orgId: string, failure: DeliveryFailure): Promise<void>;
  /** Forgets the connection's last failure if it happened before `before` (the start of a call that succeeded). */
  clearSlackFailure(orgId: string, before: number): Promise<void>;
  /**
   * Records an Events API delivery by its `event_id`, kept until `expiresAt` (then purgeExpired
   * forgets it); false when it was recorded already: Slack's retry of a delivery.
   */
  recordSlackEvent(orgId: string, eventId: string, expiresAt: number): Promise<boolean>;
}

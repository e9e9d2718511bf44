import type { CandidateQuery } from "./grouping/candidates.ts";
import type { MergeRecord, Unmerge } from "./merges/merge.ts";
import type { SplitRecord } from "./merges/split.ts";
import type { ReportCount } from "./trends/trends.ts";
import type { GroupingMode, Suggestion } from "./grouping/decision.ts";
import type { DomainEvent, JobRequest, StatusChange } from "./feedback/events.ts";
import type { Language } from "./errors.ts";
import type {
  Agent,
  AgentToken,
  AppRecord,
  Attachment,
  BrowserCollection,
  DeliveryResult,
  Webhook,
  AuthCode,
  Diagnostic,
  Channel,
  ChannelKind,
  FeatureRecord,
  FeedbackRecord,
  HelpArticle,
  Follower,
  Grant,
  OAuthClient,
  Organization,
  ReportRecord,
  Role,
  Scope,
  TrackerLink,
  ReportOutcome,
  Turn,
} from "./model.ts";
import type { Plan } from "./limits.ts";
import type { NormalizedReport } from "./report/normalize.ts";
import type { GroupingCandidate } from "./ports.ts";
import type { StoredEvent } from "./webhooks/event-body.ts";
import type { QualificationStep } from "./schemas/qualification.ts";
import type { FeatureDefinition } from "./schemas/catalog.ts";
import type { FEEDBACK_ORDERS, Kind, Severity, Status } from "./schemas/feedback.ts";

/**
 * Store ports: exactly the operations the use cases call, on plain data. Every operation is
 * atomic on its own, so several processes sharing one database behave as one service. Stores
 * keep no rules: e-mail addresses arrive normalized (`normalizeEmail`), limits and candidates are
 * computed by the use cases, and a store only reads and writes them atomically.
 */

export interface RateLimitStore {
  /** Counts one hit in a window's bucket and returns the count so far. */
  hitRateLimit(bucket: string, expiresAt: number): Promise<number>;
  /** The hits counted so far in a bucket (0 for none), without counting one. */
  rateCount(bucket: string): Promise<number>;
}

/**
 * An idempotent request's answer, written in the same transaction as the change it answers, so a
 * crash leaves either both or neither. There is no separate claim: when two requests with one key
 * race, the first commit wins and the other reads its answer.
 */
export interface IdempotentWrite {
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly now: number;
  readonly expiresAt: number;
}

/** What was answered to the first request with an idempotency key. */
export interface StoredAnswer {
  readonly fingerprint: string;
  readonly response: ReportOutcome;
}

export interface IdempotencyStore {
  /** The answer stored under a key, if it is still live at `now`. */
  findAnswer(scope: string, key: string, now: number): Promise<StoredAnswer | null>;
  /** Stores the answer of a request that changed nothing else; a live answer already stored wins and is returned. */
  saveAnswer(write: IdempotentWrite, response: ReportOutcome): Promise<StoredAnswer | null>;
}

export interface ChannelContext {
  readonly channel: Channel;
  readonly app: AppRecord;
  readonly organization: Organization;
}

export interface QualificationSession {
  readonly id: string;
  readonly orgId: string;
  readonly appId: string;
  readonly channelId: string;
  readonly channelKey: string;
  readonly source: ChannelKind;
  readonly report: NormalizedReport;
  readonly language: Language;
  readonly conversation: readonly Turn[];
  readonly answers: Readonly<Record<string, string>>;
  /** The step the client was last shown; answers are checked against its questions. */
  readonly pending: QualificationStep;
  readonly expiresAt: number;
}

export interface HelpCenterStore {
  replaceHelpArticles(orgId: string, appId: string, articles: readonly HelpArticle[]): Promise<void>;
  listHelpArticles(orgId: string, appId: string): Promise<HelpArticle[]>;
}

export interface QualificationStore {
  /**
   * Saves a session. With an answer to store, both commit together, unless a live answer is already
   * stored under that key: then nothing is written and that answer is returned.
   */
  saveQualification(session: QualificationSession, answer?: IdempotentWrite & { readonly response: ReportOutcome }): Promise<StoredAnswer | null>;
  /** Unknown, ended and expired sessions all read as null. */
  findQualification(id: string, now: number): Promise<QualificationSession | null>;
  endQualification(id: string): Promise<void>;
}

export interface NewFeedback {
  readonly feedback: Omit<FeedbackRecord, "key">;
  readonly report: ReportRecord;
  readonly statusTokenHash: string;
  readonly follower?: Follower;
  readonly event: DomainEvent;
  readonly jobs: readonly JobRequest[];
  readonly quota: { readonly month: string; readonly limit: number | null };
  /** Files the reporter sent with the report (already in file storage), linked to the report in the same write. */
  readonly attachments: readonly Attachment[];
  /** The qualification session the report ends, closed in the same transaction. */
  readonly qualificationId?: string;
  /** The idempotent request's answer, committed with the feedback; it depends on the key the feedback is given. */
  readonly answer?: IdempotentWrite & { readonly respond: (ticketId: string) => ReportOutcome };
}

export type RecordedFeedback =
  | { readonly state: "recorded"; readonly feedback: FeedbackRecord }
  | { readonly state: "quota_exceeded" }
  /** A live answer was already stored under the idempotency key; nothing was written. */
  | { readonly state: "answered"; readonly answer: StoredAnswer };

export interface CollectionStore {
  findChannelByKey(key: string): Promise<ChannelContext | null>;
  /**
   * Records a report as a new feedback, with its event, jobs, follower, quota use and idempotent
   * answer, in one transaction; allocates the feedback key.
   */
  recordFeedback(input: NewFeedback): Promise<RecordedFeedback>;
}

export interface FeedbackFilter {
  readonly statuses: readonly Status[];
  readonly kind?: Kind;
  readonly severity?: Severity;
  readonly appId?: string;
  readonly featureId?: string;
  /** Words to find (all of them, as prefixes) in key, title, summary and reports. */
  readonly words?: readonly string[];
}

/** The orders a list can take. */
export type FeedbackOrder = (typeof FEEDBACK_ORDERS)[number];

/** Keyset position in a list: the last row's sort value in the list's order (see positionOf) and its id. */
export interface ListPosition {
  readonly value: number;
  readonly id: string;
}

export interface StatusChangeRecord {
  readonly orgId: string;
  readonly feedbackId: string;
  readonly from: Status;
  readonly to: Status;
  readonly comment?: { readonly id: string; readonly text: string; readonly authorUserId: string };
  readonly at: number;
  readonly events: readonly DomainEvent[];
  readonly jobs: readonly JobRequest[];
}

export interface StatusComment {
  readonly text: string;
  readonly userId: string;
  readonly statusFrom: Status;
  readonly statusTo: Status;
  readonly at: number;
}

export interface FeedbackStore {
  /**
   * One page in the order asked, strictly after `after`; merged feedbacks are left out. `activity`:
   * lastActivityAt desc; `reports`: reports desc; `severity`: severity rank asc (SEVERITY_RANK: P0
   * first, none last); ties by id desc.
   */
  listFeedbacks(orgId: string, filter: FeedbackFilter, after: ListPosition | null, limit: number, order?: FeedbackOrder): Promise<FeedbackRecord[]>;
  /** By key or id, within the organization. */
  findFeedback(orgId: string, keyOrId: string): Promise<FeedbackRecord | null>;
  listReports(feedbackId: string): Promise<ReportRecord[]>;
  /** A report by its tracking id, with the hash of its tracking token. */
  findReportByStatusId(statusId: string): Promise<{ report: ReportRecord; tokenHash: string } | null>;
  /** Each time the feedback's status changed, oldest first, with the status it left. */
  statusChanges(feedbackId: string): Promise<StatusChange[]>;
  /** The comments of a feedback, oldest first, each with the status change it came with. */
  listComments(feedbackId: string): Promise<StatusComment[]>;
  /** How many feedbacks of the organization (merged ones left out) that pass the filter have each status. */
  countByStatus(orgId: string, filter?: Omit<FeedbackFilter, "statuses">): Promise<Partial<Record<Status, number>>>;
  /**
   * Writes a status change with its comment, events and jobs in one transaction, if the
   * feedback still has status `from`; false otherwise (a concurrent change won).
   */
  applyStatusChange(change: StatusChangeRecord): Promise<boolean>;
  /** A secret shared by every process, for cursors and signed links. Created on first use. */
  serviceSecret(): Promise<Uint8Array>;
}

export interface CatalogStore {
  listApps(orgId: string): Promise<AppRecord[]>;
  findApp(orgId: string, appId: string): Promise<AppRecord | null>;
  listFeatures(orgId: string, appId: string): Promise<Array<FeatureRecord & { readonly openFeedbacks: number }>>;
  findFeature(orgId: string, featureId: string): Promise<FeatureRecord | null>;
}

export interface TrendStore {
  /**
   * The reports an app received in [from, to) (whole UTC days), counted per day, kind of their
   * feedback and its feature. A report counts for the feedback that holds it now. Its cost follows
   * the days asked for, not the reports stored.
   */
  countReportsByDay(orgId: string, appId: string, from: number, to: number): Promise<ReportCount[]>;
}

export interface AccessStore {
  /**
   * The grant behind an access or personal token hash, with the holder's current role; null if
   * unknown, expired or revoked, if the person left the organization, or if the token's agent was
   * removed or unused for `idleMs`. Records the use.
   */
  authenticate(tokenHash: string, now: number, idleMs: number): Promise<Grant | null>;
}

export interface AccountStore {
  findCredentials(email: string): Promise<{ userId: string; passwordHash: string | null } | null>;
  setPassword(userId: string, passwordHash: string): Promise<void>;
  createSession(idHash: string, userId: string, createdAt: number, expiresAt: number): Promise<void>;
  /** The session's person, if the session is live. */
  findSession(idHash: string, now: number): Promise<{ userId: string; email: string } | null>;
  deleteSession(idHash: string): Promise<void>;
  /** Ends every session of a person (their password changed). */
  deleteUserSessions(userId: string): Promise<void>;
  listMemberships(userId: string): Promise<Array<{ orgId: string; orgName: string; role: Role }>>;
}

export type RefreshOutcome =
  | { readonly state: "rotated"; readonly agent: Agent }
  /** The caller declined the agent (its request does not fit it): nothing was used or written. */
  | { readonly state: "declined" }
  | { readonly state: "reused" }
  | { readonly state: "invalid" };

export interface AgentView extends Agent {
  readonly clientName: string;
  readonly email: string;
}

export interface OAuthStore {
  createClient(client: OAuthClient): Promise<void>;
  /** Deletes clients registered before `createdBefore` that no one ever authorized (no agent, no code). */
  deleteUnusedClients(createdBefore: number): Promise<void>;
  findClient(clientId: string): Promise<OAuthClient | null>;
  createAuthCode(code: AuthCode): Promise<void>;
  /**
   * A code as stored, with whether it was used and the agent its use created (so a second use can
   * revoke it); null if unknown. Reading consumes nothing: a refused exchange leaves the code as it was.
   */
  findAuthCode(codeHash: string): Promise<{ code: AuthCode; previousAgentId: string | null; alreadyUsed: boolean } | null>;
  /**
   * Uses the code and creates its agent with its first tokens, in one transaction; false (nothing
   * written) if the code was used meanwhile.
   */
  createAgent(agent: Agent, codeHash: string, tokens: readonly AgentToken[], now: number): Promise<boolean>;
  /**
   * Uses a refresh token once: for a live, unused one, `next` gives the new tokens (or null to
   * decline, leaving the token unused), which are stored as it is marked used; one used before
   * revokes its whole agent.
   */
  rotateRefreshToken(
    tokenHash: string,
    clientId: string,
    now: number,
    idleMs: number,
    next: (agent: Agent) => readonly AgentToken[] | null,
  ): Promise<RefreshOutcome>;
  /** Revokes the token with this hash (access or refresh) of this client; false if there is none. */
  revokeTokenOfClient(tokenHash: string, clientId: string, at: number): Promise<boolean>;
  listAgents(orgId: string, userId: string | null): Promise<AgentView[]>;
  /** Ends an agent and all its tokens. With a userId, only that person's agent. */
  revokeAgent(orgId: string, agentId: string, userId: string | null, at: number): Promise<boolean>;
}

export interface Job {
  readonly id: string;
  readonly request: JobRequest;
  readonly attempts: number;
  /** Proves the lease: completing or retrying with a stale lease does nothing. */
  readonly leaseToken: string;
}

export interface JobQueue {
  claimJob(now: number, leaseMs: number, leaseToken: string): Promise<Job | null>;
  completeJob(job: Job): Promise<void>;
  retryJob(job: Job, runAt: number, error: string): Promise<void>;
}

export interface GroupingStore {
  /** How many feedbacks of the app carry each of the keys; a key never indexed is absent. */
  keyFrequencies(appId: string, keys: readonly string[]): Promise<Map<string, number>>;
  /**
   * The feedbacks the query names, each with the text it was indexed with. A merged feedback's
   * text answers for the feedback it was merged into, so a new one is compared with every report
   * of a group, not only its first (single linkage).
   */
  groupingCandidates(query: CandidateQuery): Promise<GroupingCandidate[]>;
  /** Indexes a feedback for grouping under its keys. */
  indexForGrouping(appId: string, feedbackId: string, keys: readonly string[], text: string, vector?: readonly number[]): Promise<void>;
  /** Records the assistant's triage of a feedback. */
  setTriage(
    orgId: string,
    feedbackId: string,
    triage: { featureId?: string; severity?: Severity; nature?: string; title?: string; diagnostic?: Diagnostic; summary?: string },
  ): Promise<void>;
}

/**
 * Merges as links: a merge and its undoing each commit with their events, moving reports,
 * followers and counts in one transaction. Both writes are compare-and-set on what was planned.
 */
export interface MergeStore {
  /**
   * Writes a planned merge: moves its reports, adds its followers to the target, sets the target's
   * counts, merges the source, records the merge with its events. False,
   * with nothing written, when either feedback is merged or its report count changed since.
   */
  applyMerge(merge: MergeRecord, events: readonly DomainEvent[]): Promise<boolean>;
  /**
   * Undoes a standing merge: its reports go back to the source, the followers it added leave the
   * target, the target gets the planned counts, the source answers for itself again, and the pair
   * is remembered as dismissed. False, with nothing written, when the merge was undone or the target changed since.
   */
  applyUnmerge(unmerge: Unmerge, events: readonly DomainEvent[]): Promise<boolean>;
  /** The standing merge that merged this feedback, if any. */
  findMerge(orgId: string, sourceId: string): Promise<MergeRecord | null>;
  /** The merges into or out of a feedback, undone ones too, oldest first. */
  listMerges(orgId: string, feedbackId: string): Promise<MergeRecord[]>;
  /**
   * Writes a planned split: the new feedback gets the organization's next key, the report moves to
   * it (with its follower), the feedback it left gets the planned counts, the pair is remembered as
   * dismissed, and the events commit with it. Null, with nothing written, when the feedback is
   * merged or its report count changed since.
   */
  applySplit(split: SplitRecord, events: readonly DomainEvent[]): Promise<FeedbackRecord | null>;
  /** The reports split out of a feedback, oldest first. */
  listSplits(orgId: string, feedbackId: string): Promise<SplitRecord[]>;
}

/**
 * Pairs grouping found alike but left for a person to decide, and the decisions taken, so that a
 * dismissed (or unmerged) pair is never suggested or merged again.
 */
export interface SuggestionStore {
  /** Keeps suggestions; a pair already suggested gets the new score, a decided pair is left alone. */
  saveSuggestions(suggestions: readonly Suggestion[]): Promise<void>;
  /** Undecided suggestions of the organization (or one app), both feedbacks visible (not merged), best score first. */
  listSuggestions(orgId: string, appId: string | null, limit: number): Promise<Suggestion[]>;
  /** Records a person's decision that two feedbacks are not duplicates (suggested or not). */
  dismissPair(orgId: string, feedbackId: string, similarId: string, at: number, by: string): Promise<void>;
  /** The feedbacks a person decided are not duplicates of this one. */
  dismissedWith(orgId: string, feedbackId: string): Promise<Set<string>>;
}

export interface FollowerStore {
  listFollowers(feedbackId: string): Promise<Follower[]>;
  /** How many people follow each of these feedbacks; a feedback nobody follows is absent. */
  countFollowers(feedbackIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Claims the sending of a notification: true unless it was sent already, or another worker's
   * claim is younger than `leaseMs` (an older unconfirmed claim is a crashed sender's, taken over).
   */
  claimNotification(feedbackId: string, email: string, notificationKey: string, at: number, leaseMs: number): Promise<boolean>;
  /** Records that the claimed notification was handed over. */
  confirmNotification(feedbackId: string, email: string, notificationKey: string, at: number): Promise<void>;
  /** The notifications sent about a feedback (confirmed ones), oldest first. */
  listNotifications(feedbackId: string): Promise<Array<{ readonly email: string; readonly key: string; readonly sentAt: number }>>;
  /** Gives a claim back when its message could not be sent, so the retry sends it. */
  releaseNotification(feedbackId: string, email: string, notificationKey: string): Promise<void>;
  /** Starts following (or keeps following). */
  addFollower(follower: Follower): Promise<void>;
  /** Stops following; false if the address did not follow the feedback. */
  removeFollower(feedbackId: string, email: string): Promise<boolean>;
}

/** Operator actions: the CLI and the demo set-up. */
export interface AdminStore {
  createOrganization(org: Organization): Promise<void>;
  findOrganization(idOrPrefix: string): Promise<Organization | null>;
  listOrganizations(): Promise<Organization[]>;
  setPlan(orgId: string, plan: Plan, quotaOverride: number | null): Promise<boolean>;
  /** Reports counted in the organization's quota for a month (`YYYY-MM`). */
  quotaUsed(orgId: string, month: string): Promise<number>;
  createApp(app: AppRecord): Promise<void>;
  /** Replaces how the app collects from browsers; false when the organization has no such app. */
  setBrowserCollection(orgId: string, appId: string, browser: BrowserCollection): Promise<boolean>;
  /** Sets how grouping treats the app's duplicates; false when the organization has no such app. */
  setGroupingMode(orgId: string, appId: string, mode: GroupingMode): Promise<boolean>;
  createChannel(channel: Channel): Promise<void>;
  listChannels(orgId: string, appId?: string): Promise<Channel[]>;
  setChannelActive(orgId: string, channelIdOrKey: string, active: boolean): Promise<boolean>;
  replaceFeatures(orgId: string, appId: string, features: ReadonlyArray<FeatureDefinition & { id: string }>): Promise<void>;
  createUser(user: { id: string; email: string; name?: string }): Promise<void>;
  findUserByEmail(email: string): Promise<{ id: string; email: string; name?: string } | null>;
  findUser(id: string): Promise<{ id: string; email: string; name?: string } | null>;
  setMembership(orgId: string, userId: string, role: Role): Promise<void>;
  removeMembership(orgId: string, userId: string): Promise<boolean>;
  listMembers(orgId: string): Promise<Array<{ userId: string; email: string; role: Role }>>;
  createToken(token: {
    id: string;
    tokenHash: string;
    orgId: string;
    userId: string;
    scopes: readonly Scope[];
    label: string;
    createdAt: number;
    expiresAt: number | null;
  }): Promise<void>;
  listTokens(orgId: string): Promise<
    Array<{
      id: string;
      userId: string;
      label: string;
      scopes: Scope[];
      createdAt: number;
      expiresAt: number | null;
      lastUsedAt: number | null;
      revoked: boolean;
    }>
  >;
  revokeToken(orgId: string, tokenId: string, at: number): Promise<boolean>;
}

export interface ClaimedDelivery {
  readonly id: string;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly leaseToken: string;
  readonly event: StoredEvent;
  readonly webhook: Webhook;
}

export type DeliveryNext = { readonly state: "done" } | { readonly state: "retry"; readonly runAt: number } | { readonly state: "abandoned" };

export interface WebhookStore {
  /** Creates a webhook unless the organization already has `limit` of them; false then. */
  createWebhook(webhook: Webhook, limit: number): Promise<boolean>;
  listWebhooks(orgId: string): Promise<Webhook[]>;
  findWebhook(orgId: string, webhookId: string): Promise<Webhook | null>;
  deleteWebhook(orgId: string, webhookId: string): Promise<boolean>;
  /** Replaces the secret; the current one becomes the previous one until `previousExpiresAt`. */
  rotateWebhookSecret(orgId: string, webhookId: string, secretSealed: string, previousExpiresAt: number): Promise<boolean>;
  recordDeliveryResult(webhookId: string, result: DeliveryResult): Promise<void>;
  /**
   * Leases the next due delivery and counts the attempt. Finding it costs in proportion to the
   * deliveries due, not to all deliveries stored.
   */
  claimDelivery(now: number, leaseMs: number, leaseToken: string): Promise<ClaimedDelivery | null>;
  /** Records an attempt's outcome, if the lease is still held. */
  finishDelivery(delivery: ClaimedDelivery, next: DeliveryNext, result: DeliveryResult): Promise<void>;
}

export interface AppTracker {
  readonly orgId: string;
  readonly appId: string;
  readonly provider: string;
  readonly settingsSealed: string;
}

export interface TrackerStore {
  setAppTracker(tracker: AppTracker & { readonly project: string }): Promise<void>;
  findAppTracker(orgId: string, appId: string): Promise<AppTracker | null>;
  /** The apps whose tracker is this provider's project (for the tracker's incoming webhooks). */
  findAppTrackersByProject(provider: string, project: string): Promise<AppTracker[]>;
  setFeedbackTracker(orgId: string, feedbackId: string, link: TrackerLink): Promise<void>;
  findFeedbackByTracker(orgId: string, trackerKey: string): Promise<FeedbackRecord | null>;
}

export interface AttachmentStore {
  addAttachment(attachment: Attachment): Promise<void>;
  /** The files these reports carry, oldest first. */
  listAttachments(reportIds: readonly string[]): Promise<Attachment[]>;
  findAttachment(attachmentId: string): Promise<Attachment | null>;
}

export type Store = RateLimitStore &
  IdempotencyStore &
  QualificationStore &
  HelpCenterStore &
  CollectionStore &
  FeedbackStore &
  CatalogStore &
  TrendStore &
  AccessStore &
  JobQueue &
  GroupingStore &
  MergeStore &
  SuggestionStore &
  FollowerStore &
  AccountStore &
  OAuthStore &
  WebhookStore &
  TrackerStore &
  AttachmentStore &
  AdminStore & {
    /** Deletes expired rate counters, idempotency records and qualification sessions. */
    purgeExpired(now: number): Promise<void>;
    /** True when the database answers. */
    ping(): Promise<boolean>;
    /** Gives back the memory that caches grew to under load (the server calls it once work has stopped). */
    releaseMemory(): Promise<void>;
    close(): Promise<void>;
  };

import type { Language } from "./language.ts";
import type { EventType } from "./feedback/events.ts";
import type { GroupingMode } from "./grouping/decision.ts";
import type { Plan } from "./plans.ts";
import type { NormalizedReport } from "./report/normalize.ts";
import type { App, CodeFile, FeatureDefinition } from "./schemas/catalog.ts";
import type { Kind, Severity, Status } from "./schemas/feedback.ts";
import type { QualificationStep } from "./schemas/qualification.ts";
import type { ReportResponse } from "./schemas/report.ts";

/** Stored shapes, plain data. Times are epoch milliseconds; the HTTP edge turns them into ISO strings. */

export const ROLES = ["admin", "member", "reader"] as const;
export type Role = (typeof ROLES)[number];

/**
 * `webhooks:manage`, `agents:manage`, `members:manage` and `apikeys:manage` are never granted to
 * agents (see PERMISSIONS) nor to API keys: an agent cannot manage agents, a key cannot make keys.
 */
export const SCOPES = [
  "feedbacks:read",
  "reports:write",
  "feedbacks:write",
  "webhooks:manage",
  "agents:manage",
  "members:manage",
  "apikeys:manage",
] as const;
export type Scope = (typeof SCOPES)[number];

export interface Organization {
  readonly id: string;
  readonly name: string;
  /** Prefix of feedback keys, e.g. DEMO in DEMO-42. */
  readonly keyPrefix: string;
  readonly plan: Plan;
  /** Replaces the plan's monthly quota when set. */
  readonly quotaOverride: number | null;
}

export interface AppRecord extends App {
  readonly orgId: string;
  /** How its widget collects; absent until an Admin sets it, which means no origin is allowed. */
  readonly browser?: BrowserCollection;
  /** Whether grouping merges sure duplicates alone (`auto`, when absent) or only suggests them. */
  readonly groupingMode?: GroupingMode;
}

/**
 * What an app lets its widget do in browsers: the exact origins it may send from, whether it
 * keeps a session replay, and which query parameters of page addresses it keeps (values of all
 * others are dropped).
 */
export interface BrowserCollection {
  readonly origins: readonly string[];
  readonly replay: boolean;
  readonly queryParams: readonly string[];
}

export const CHANNEL_KINDS = ["api", "form", "widget"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export interface Channel {
  readonly id: string;
  readonly orgId: string;
  readonly appId: string;
  readonly kind: ChannelKind;
  readonly key: string;
  readonly active: boolean;
}

export interface FeatureRecord extends Required<Pick<FeatureDefinition, "name" | "path">> {
  readonly id: string;
  readonly orgId: string;
  readonly appId: string;
  readonly kind?: FeatureDefinition["kind"];
  readonly severityFloor?: Severity;
  readonly cues?: readonly string[];
  readonly code?: readonly CodeFile[];
}

/** A first reading of a problem, for whoever fixes it. Members without data are absent. */
export interface Diagnostic {
  readonly where?: string;
  readonly probableCause?: string;
  readonly suggestedAction?: string;
}

export interface TrackerLink {
  readonly key: string;
  readonly provider: string;
  readonly status: string;
  readonly url?: string;
  /** When the issue and the feedback were last brought in line (linked, synced, or changed from the tracker). */
  readonly syncedAt?: number;
}

/**
 * The last failure of an integration's deliveries (Slack's notices, an app's tracker syncs), which
 * its settings show until a delivery succeeds: the jobs retry it quietly for about a day otherwise.
 */
export interface DeliveryFailure {
  readonly at: number;
  /** What the service answered (the first line of the error), without the secrets it was called with. */
  readonly error: string;
  /** Whether the service refused the credentials (CredentialsRefused): a new token is needed, not patience. */
  readonly refused: boolean;
}

export interface FeedbackRecord {
  readonly id: string;
  readonly orgId: string;
  readonly appId: string;
  readonly key: string;
  readonly title: string;
  readonly kind: Kind;
  readonly status: Status;
  readonly severity?: Severity;
  readonly featureId?: string;
  readonly nature?: string;
  readonly summary?: string;
  readonly observed?: string;
  readonly expected?: string;
  readonly dueAt?: number;
  readonly owner?: string;
  /** Its tags' names, as the organization spells them. */
  readonly tags?: readonly string[];
  /** The monthly spend of the companies behind its reports (revenueOf), when any company spends. */
  readonly revenue?: number;
  readonly tracker?: TrackerLink;
  readonly diagnostic?: Diagnostic;
  readonly reports: number;
  readonly createdAt: number;
  readonly lastActivityAt: number;
  /** Set when grouping merged this feedback into another one, which now answers for it. */
  readonly mergedInto?: string;
  /** The people who voted for it or for a feedback merged into it, each once (core/votes/vote.ts); absent for none. */
  readonly votes?: number;
}

export interface Turn {
  readonly role: "assistant" | "user";
  readonly text: string;
  readonly at: number;
}

/** Where a report came from: a channel, an agent over MCP, Slack, or the portal. */
export const REPORT_SOURCES = [...CHANNEL_KINDS, "agent", "slack", "portal"] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

export interface ReportRecord {
  readonly id: string;
  readonly feedbackId: string;
  readonly orgId: string;
  readonly appId: string;
  readonly source: ReportSource;
  readonly report: NormalizedReport;
  readonly language: Language;
  readonly conversation: readonly Turn[];
  readonly statusId: string;
  readonly at: number;
}

export interface Follower {
  readonly feedbackId: string;
  readonly email: string;
  readonly name?: string;
  readonly language: Language;
  /** The reporter's tracking link, sealed (it holds the report's status token). */
  readonly trackingSealed?: string;
}

/** What a presented access token is worth right now. */
export interface Grant {
  readonly tokenId: string;
  readonly orgId: string;
  readonly userId: string;
  readonly role: Role;
  readonly scopes: readonly Scope[];
  /** The resource (RFC 8707) the token was issued for; null for personal access tokens. */
  readonly resource: string | null;
  /** The agent (OAuth authorization) the token belongs to; null for personal access tokens. */
  readonly agentId: string | null;
  /** Set when an organization API key was presented: it acts as the organization, never as a person. */
  readonly apiKey?: { readonly id: string; readonly name: string };
}

export interface OAuthClient {
  readonly id: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly createdAt: number;
}

/** One agent: what a person allowed a client to do, in one organization, for one resource. */
export interface Agent {
  readonly id: string;
  readonly clientId: string;
  readonly userId: string;
  readonly orgId: string;
  readonly scopes: readonly Scope[];
  readonly resource: string;
  readonly createdAt: number;
  readonly lastUsedAt: number;
}

export interface AuthCode {
  readonly codeHash: string;
  readonly clientId: string;
  readonly userId: string;
  readonly orgId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly scopes: readonly Scope[];
  readonly resource: string;
  readonly expiresAt: number;
}

/** A token of an agent, stored hashed. */
export interface AgentToken {
  readonly id: string;
  readonly tokenHash: string;
  readonly kind: "access" | "refresh";
  readonly agentId: string;
  readonly orgId: string;
  readonly userId: string;
  readonly scopes: readonly Scope[];
  readonly resource: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** What a report request produced: a qualification step, or a recorded report. */
export type ReportOutcome =
  | { readonly kind: "step"; readonly body: QualificationStep }
  | { readonly kind: "recorded"; readonly body: ReportResponse };

/** How the last delivery to a webhook went. */
export interface DeliveryResult {
  readonly at: number;
  /** HTTP status received; null when no answer came (timeout, refused address, network error). */
  readonly status: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

export interface Webhook {
  readonly id: string;
  readonly orgId: string;
  readonly url: string;
  readonly events: readonly EventType[];
  /** The signing secret, sealed with the service's key; opened only to sign. */
  readonly secretSealed: string;
  /** After a rotation, the former secret stays valid until `previousExpiresAt`. */
  readonly previousSecretSealed: string | null;
  readonly previousExpiresAt: number | null;
  readonly createdAt: number;
  readonly lastDelivery: DeliveryResult | null;
}

export const ATTACHMENT_KINDS = ["screenshot", "replay"] as const;

/** A file a report carries (its bytes live in file storage); it goes wherever its report goes. */
export interface Attachment {
  readonly id: string;
  readonly orgId: string;
  /** The feedback it arrived with (its report may have moved since). */
  readonly feedbackId: string;
  /** The report that carries it: the widget's report that sent it, or the one an operator attached it to. */
  readonly reportId: string;
  readonly kind: (typeof ATTACHMENT_KINDS)[number];
  readonly storageKey: string;
  readonly contentType: string;
  readonly createdAt: number;
}

/** An article of an app's help center, which the assistant may answer from. */
export interface HelpArticle {
  readonly id: string;
  readonly title: string;
  readonly url: string;
  readonly body: string;
}

import type { Language } from "./language.ts";
import type { Diagnostic, FeatureRecord, HelpArticle, TrackerLink, Turn } from "./model.ts";
import type { NATURES, Severity, Status } from "./schemas/feedback.ts";
import type { NormalizedReport } from "./report/normalize.ts";
import type { QualificationQuestion } from "./schemas/qualification.ts";
import type { StatusMapping } from "./trackers/status-mapping.ts";

/** Time is an input: production reads the system clock, tests move a fixed epoch forward. */
export type Clock = () => number;

/** Identifiers and secrets; randomness only enters the core through here. */
export interface Ids {
  /** A new, time-ordered identifier. */
  id(): string;
  /** A new unguessable secret, base64url, of at least 128 bits. */
  secret(): string;
}

/**
 * SHA-256 of a text, hex: how tokens, codes and session ids are stored. A port rather than
 * WebCrypto so that a server hashes synchronously: WebCrypto's digest is asynchronous and its
 * thread hop cost about 8 µs of every report under load (measured).
 */
export type Digest = (text: string) => string;

/** What the assistant decides at one point of a qualification. */
export type AssistantStep =
  | { readonly status: "ask"; readonly questions: readonly QualificationQuestion[] }
  | {
      readonly status: "answer";
      readonly source: { readonly title: string; readonly url: string };
      readonly message: string;
      readonly questions: readonly QualificationQuestion[];
    }
  | { readonly status: "drop" | "restart" | "resolved"; readonly message: string }
  | { readonly status: "ready"; readonly report: NormalizedReport };

export interface QualificationContext {
  readonly appId: string;
  readonly report: NormalizedReport;
  readonly language: Language;
  readonly conversation: readonly Turn[];
  /** Answers so far, by question id. */
  readonly answers: Readonly<Record<string, string>>;
  /** The app's help center, to answer from when an article covers the report. */
  readonly helpArticles: readonly HelpArticle[];
  /** The app's feature map, to offer as choices. */
  readonly features: readonly FeatureRecord[];
}

/** What the assistant reads in a feedback: where it lives, how grave it is, what kind of thing it is. */
export interface Triage {
  readonly featureId?: string;
  readonly severity?: Severity;
  readonly nature?: (typeof NATURES)[number];
  readonly diagnostic?: Diagnostic;
  /** Two or three sentences for the team; the offline assistant writes none. */
  readonly summary?: string;
}

/** The AI assistant. Any rejection is reported to the client as `qualification_failed`. */
export interface Assistant {
  qualify(context: QualificationContext): Promise<AssistantStep>;
  /** Attaches a feedback to a feature of the app's map and estimates its severity and nature; what it writes is in `language`, the report's. */
  triage(report: NormalizedReport, features: readonly FeatureRecord[], language: Language): Promise<Triage>;
  writeTitle(report: NormalizedReport, language: Language): Promise<string>;
}

export interface GroupingCandidate {
  readonly id: string;
  readonly text: string;
  /**
   * Whether the text is the feedback's own (the report it began with), not that of a feedback
   * merged into it. A report is a sure duplicate only of a feedback's own text: compared with
   * everything merged in, a feedback would grow through one report after another (chaining).
   */
  readonly own: boolean;
  /** The vector the grouper described this feedback with when it was indexed, if it uses vectors. */
  readonly vector?: readonly number[];
}

/** A candidate alike enough to a text to be worth a person's look. */
export interface GroupingMatch {
  readonly id: string;
  /** How alike, on the grouper's own scale (higher is closer). */
  readonly score: number;
  /** Alike enough to merge without asking: the grouper's automatic threshold is reached. */
  readonly same: boolean;
  /** The words the two share that weighed most (none for a grouper that compares vectors only). */
  readonly matched: readonly string[];
}

/** Finds, among open feedbacks of the same app, those a new report may duplicate. */
export interface Grouper {
  /** The keys under which a text is indexed; a candidate must share some with the new report. */
  keys(text: string): string[];
  /**
   * The candidates above the grouper's suggestion threshold, best first; and the text's vector,
   * kept with the feedback when it stays alone.
   */
  compare(text: string, candidates: readonly GroupingCandidate[]): Promise<{ matches: GroupingMatch[]; vector?: number[] }>;
}

/** A message to a person (an e-mail, for the SMTP adapter). */
interface OutgoingMessage {
  readonly to: string;
  /**
   * The name the message goes out under, before the service's sender address, for the people outside
   * the team (followers, voters, a portal's people), who know the organization and not the service;
   * without it, the message goes out as the service's sender (SMTP_FROM) stands, name and all.
   */
  readonly senderName?: string;
  readonly subject: string;
  readonly text: string;
  /** The same message as an HTML document, for the mail clients that show one; the text stays for the others. */
  readonly html?: string;
  /** Stable for one notification, so a message sent twice after a crash is recognised as one. */
  readonly messageId: string;
  /** One-click unsubscribe (RFC 8058): a link that stops the messages when posted to, unsigned in. */
  readonly unsubscribeUrl?: string;
  /**
   * Where the person chooses what they receive, signed in (the team's account page): a List-Unsubscribe
   * a mail client opens, never one it posts to, since a post there without a session unsubscribes no one.
   */
  readonly settingsUrl?: string;
}

/** Sends notifications to people; rejects when the message could not be handed over. */
export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
  /** Whether messages reach people; false where they are only written to the log, so that no page promises an e-mail. */
  readonly delivers: boolean;
}

/**
 * Markdown as people read it (a changelog entry's body), with the same settings wherever it shows:
 * as HTML safe to put in a page or an e-mail (raw HTML shown as text, links only to http, https and
 * mailto), and as plain prose for a text e-mail (no emphasis marks, a link as "text (url)"). Both
 * leave out the control characters a page or a mail may not hold.
 */
export interface Markdown {
  html(markdown: string): string;
  text(markdown: string): string;
}

/** Password hashing (argon2id or equivalent); slow on purpose. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** Seals secrets that must be stored yet used again (webhook signing secrets). */
export interface SecretBox {
  seal(plaintext: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

/** An app's issue tracker settings, as the CLI stored them (sealed at rest). */
export interface TrackerSettings {
  /** The project issues live in, e.g. owner/repository for GitHub. */
  readonly project: string;
  readonly token: string;
  /** Signs the tracker's own webhooks to us. */
  readonly webhookSecret: string;
  /** API address, for GitHub Enterprise or a test server. */
  readonly apiUrl?: string;
  /** Jira Cloud: the site issues live on (acme.atlassian.net), the account the token belongs to, the type of the issues opened. */
  readonly site?: string;
  readonly email?: string;
  readonly issueType?: string;
  /** Linear and Jira: the workflow state each status goes to, by name; a status left out takes the default. */
  readonly statuses?: StatusMapping;
  /**
   * Set by an organization's Admin (the web settings), not by the operator: its address is held to
   * the public-address rule at each call to the tracker, not only when it is saved.
   */
  readonly givenByAdmin?: true;
}

/**
 * A status change's comment, to post on the issue once. Its id lets a tracker tell a retry that it
 * holds the comment already (the sync that posted it crashed, or gave up waiting, before recording so).
 */
export interface IssueComment {
  readonly id: string;
  readonly text: string;
  /** When it was written: a comment posted for it is not older. */
  readonly at: number;
}

/**
 * An issue tracker. Failures reject, a refused token with CredentialsRefused; the sync job is then
 * retried, so an outage delays and loses nothing.
 */
export interface IssueTracker {
  /** Whether its issues move between named workflow states, which each app maps its statuses to (`settings.statuses`). */
  readonly mapsStatuses: boolean;
  open(settings: TrackerSettings, issue: { title: string; body: string; status: Status }): Promise<TrackerLink>;
  /** An existing issue, by its number or key; null when it does not exist. */
  find(settings: TrackerSettings, issue: string): Promise<TrackerLink | null>;
  /**
   * Whether a person's text names an issue of the project, by its number or key or its address, as
   * `find` reads it: text that names none is refused without asking the tracker. Absent for a tracker
   * whose issues have no shape known here (a bridge).
   */
  names?(settings: TrackerSettings, issue: string): boolean;
  /** Makes the issue follow a status: its label or state, closed or reopened, and the comment unless the issue holds it already. */
  follow(settings: TrackerSettings, link: TrackerLink, change: { status: Status; comment?: IssueComment }): Promise<TrackerLink>;
  /**
   * Asks the tracker, as the settings are saved, whether it takes the token for the project:
   * resolves when it does; rejects with CredentialsRefused when it refuses the token, does not show
   * it the project, or says it may not write issues there; with any other error when it cannot be
   * reached. Absent for a tracker that has nothing to ask (a bridge).
   */
  check?(settings: TrackerSettings): Promise<void>;
  /**
   * The names of the workflow states the project's issues may be in, as the tracker lists them, for a
   * status mapping to be checked against as it is saved. Rejects as `check` does. Absent for a tracker
   * without named states.
   */
  stateNames?(settings: TrackerSettings): Promise<string[]>;
}

/** Where attachments' bytes are kept (local disk, or an object store). */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<Uint8Array | null>;
}

/** The addresses a host name resolves to (an IP literal resolves to itself). */
export type Resolve = (hostname: string) => Promise<string[]>;

/** Outgoing webhook HTTP, with the address checks done after resolution, on the address connected to. */
export interface WebhookTransport {
  readonly resolve: Resolve;
  deliver(request: {
    url: string;
    body: string;
    headers: Record<string, string>;
    timeoutMs: number;
  }): Promise<{ status: number } | { error: string }>;
}

/** How the service reaches an organization's Slack workspace: its bot token, and the Web API's address for a test server. */
export interface SlackAccess {
  readonly botToken: string;
  readonly apiUrl?: string;
}

/** Where a bot token was installed, as auth.test says: a workspace (team), or a whole Enterprise Grid organization. */
export interface SlackInstallation {
  readonly teamId?: string;
  readonly enterpriseId?: string;
  /** Installed on the whole Enterprise Grid organization: its token answers for each of its workspaces. */
  readonly enterpriseInstall: boolean;
}

/** A Slack message: the text notifications show, and its Block Kit blocks. */
export interface SlackMessage {
  readonly text: string;
  readonly blocks?: readonly Readonly<Record<string, unknown>>[];
}

/**
 * Slack's Web API (and the response_url of a command or shortcut). Failures reject, a refused token
 * with CredentialsRefused; the job is then retried.
 */
export interface SlackApi {
  /**
   * auth.test, as the bot token is saved: resolves with where the token was installed when Slack
   * takes it; rejects with CredentialsRefused when Slack refuses it, with another error when Slack
   * cannot be reached.
   */
  authTest(access: SlackAccess): Promise<SlackInstallation>;
  /** users.info: the person's name, and e-mail when the workspace shares it; nothing when Slack does not show the person. */
  userInfo(access: SlackAccess, userId: string): Promise<{ readonly name?: string; readonly email?: string }>;
  /** chat.getPermalink; null when Slack does not show the app that message. */
  permalink(access: SlackAccess, channel: string, ts: string): Promise<string | null>;
  /** views.open, with the trigger of the command or shortcut (valid three seconds). */
  openView(access: SlackAccess, triggerId: string, view: Readonly<Record<string, unknown>>): Promise<void>;
  /** chat.postMessage */
  postMessage(access: SlackAccess, channel: string, message: SlackMessage): Promise<void>;
  /**
   * An ephemeral answer to the person who sent a command or shortcut, through its response_url;
   * `expired` when Slack no longer takes it (it lives 30 minutes, for 5 answers), or when it is not
   * Slack's address, to which nothing is sent. `apiUrl` is the organization's own Slack (its
   * connection's), whose origin takes answers too.
   */
  respond(responseUrl: string, message: SlackMessage, apiUrl: string | undefined): Promise<"sent" | "expired">;
}

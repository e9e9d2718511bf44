import type {
  Assistant,
  Clock,
  Digest,
  FileStorage,
  Grouper,
  Ids,
  IssueTracker,
  Markdown,
  Notifier,
  PasswordHasher,
  SecretBox,
  SlackApi,
} from "./ports.ts";
import type { InFlight } from "./report/in-flight.ts";
import type { AccessStore } from "./store/access.ts";
import type { AccountStore } from "./store/accounts.ts";
import type { AppSetupStore } from "./store/app-setup.ts";
import type { AttachmentStore } from "./store/attachments.ts";
import type { CatalogStore } from "./store/catalog.ts";
import type { CollectionStore } from "./store/collection.ts";
import type { FeedbackStore } from "./store/feedbacks.ts";
import type { FollowerStore } from "./store/followers.ts";
import type { GroupingStore } from "./store/grouping.ts";
import type { HelpCenterStore } from "./store/help-center.ts";
import type { IdempotencyStore } from "./store/idempotency.ts";
import type { JobQueue } from "./store/jobs.ts";
import type { MergeStore } from "./store/merges.ts";
import type { OAuthStore } from "./store/oauth.ts";
import type { OrganizationStore } from "./store/organizations.ts";
import type { QualificationStore } from "./store/qualifications.ts";
import type { RateLimitStore } from "./store/rate-limits.ts";
import type { ServiceSecretStore } from "./store/service-secret.ts";
import type { SlackStore } from "./store/slack.ts";
import type { SuggestionStore } from "./store/suggestions.ts";
import type { TokenStore } from "./store/tokens.ts";
import type { TrackerStore } from "./store/trackers.ts";
import type { TrendStore } from "./store/trends.ts";
import type { StoreUpkeep } from "./store/upkeep.ts";
import type { UserStore } from "./store/users.ts";
import type { WebhookStore } from "./store/webhooks.ts";
import type { ChangelogStore } from "./store/changelog.ts";
import type { CommentStore } from "./store/comments.ts";
import type { InvitationStore } from "./store/invitations.ts";
import type { PasswordResetStore } from "./store/password-resets.ts";
import type { SavedViewStore } from "./store/saved-views.ts";
import type { TeamStore } from "./store/team.ts";
import type { VoteStore } from "./store/votes.ts";
import type { PortalPeopleStore } from "./store/portal-people.ts";
import type { PortalStore } from "./store/portals.ts";
import type { PublicationStore } from "./store/publications.ts";
import type { TriageStore } from "./store/triage.ts";
import type { ApiKeyStore } from "./store/api-keys.ts";
import type { WebhookDeps } from "./webhooks/webhook-deps.ts";
import type { AddressRule } from "./outbound/target.ts";

/**
 * Every store role the service runs on, as one store adapter (SQLite, MongoDB) assembles them.
 * Each role is a port of its own (core/store/): exactly the operations the use cases call, on
 * plain data, each atomic on its own, so several processes sharing one database behave as one
 * service. Stores keep no rules: e-mail addresses arrive normalized (`normalizeEmail`), limits and
 * candidates are computed by the use cases, and a store only reads and writes them atomically.
 * Use cases name the roles they use (`Pick<FeedbackStore, "findFeedback">`), never this whole.
 */
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
  OrganizationStore &
  AppSetupStore &
  UserStore &
  TokenStore &
  ServiceSecretStore &
  StoreUpkeep &
  ChangelogStore &
  CommentStore &
  SlackStore &
  InvitationStore &
  PasswordResetStore &
  SavedViewStore &
  TeamStore &
  VoteStore &
  PortalPeopleStore &
  PortalStore &
  PublicationStore &
  TriageStore &
  ApiKeyStore;

/** What the use cases run on, assembled once by the composition root. */
export interface Services {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly digest: Digest;
  readonly assistant: Assistant;
  readonly grouper: Grouper;
  readonly notifier: Notifier;
  /** A changelog entry's body, rendered for the portal's pages and for the e-mails that announce it. */
  readonly markdown: Markdown;
  readonly passwords: PasswordHasher;
  readonly webhooks: WebhookDeps;
  /** How the tracker addresses an organization's Admin gives are checked (the operator's, on the command line, are not). */
  readonly trackerAddresses: AddressRule;
  /** Seals secrets that must be stored yet used again (webhook and tracker secrets). */
  readonly secrets: SecretBox;
  readonly trackers: Readonly<Record<string, IssueTracker>>;
  readonly files: FileStorage;
  /** Idempotent requests this process is running. */
  readonly inFlight: InFlight;
  /** Slack's Web API, for the organizations that connected a Slack app. */
  readonly slack: SlackApi;
  /** Public address of the service, without a trailing slash. */
  readonly baseUrl: string;
  /** Other origins that reach this same service (its loopback names when BASE_URL is not set). */
  readonly addressAliases: readonly string[];
}

import type { Assistant, Clock, Digest, FileStorage, Grouper, Ids, IssueTracker, Notifier, PasswordHasher, SecretBox } from "./ports.ts";
import type { InFlight } from "./report/in-flight.ts";
import type { Store } from "./store.ts";
import type { WebhookDeps } from "./webhooks/manage.ts";

/** What the use cases run on, assembled once by the composition root. */
export interface Services {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: Ids;
  readonly digest: Digest;
  readonly assistant: Assistant;
  readonly grouper: Grouper;
  readonly notifier: Notifier;
  readonly passwords: PasswordHasher;
  readonly webhooks: WebhookDeps;
  /** Seals secrets that must be stored yet used again (webhook and tracker secrets). */
  readonly secrets: SecretBox;
  readonly trackers: Readonly<Record<string, IssueTracker>>;
  readonly files: FileStorage;
  /** Idempotent requests this process is running. */
  readonly inFlight: InFlight;
  /** Public address of the service, without a trailing slash. */
  readonly baseUrl: string;
  /** Other origins that reach this same service (its loopback names when BASE_URL is not set). */
  readonly addressAliases: readonly string[];
}

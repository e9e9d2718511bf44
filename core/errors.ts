import { Type, type Static } from "@sinclair/typebox";
import type { MergeRefusal } from "./merges/refusal.ts";
import type { FieldProblem } from "./schemas/field-problem.ts";
import type { Scope, TrackerLink } from "./model.ts";

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: "Readable message (English, or French with Accept-Language: fr)." }),
    code: Type.String({ description: "Stable code, to be tested by the client." }),
  },
  { $id: "Error" },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** Every error code of the interface: stable, tested by clients. Adapters say what each means, and with which status. */
export const ERROR_CODES = [
  "invalid_json",
  "invalid_ingest",
  "invalid_idempotency_key",
  "invalid_answer",
  "missing_answer",
  "invalid_query",
  "invalid_cursor",
  "invalid_body",
  "unauthorized",
  "invalid_token",
  "insufficient_scope",
  "forbidden",
  "channel_mismatch",
  "channel_inactive",
  "origin_not_allowed",
  "unknown_app",
  "not_found",
  "qualification_not_found",
  "idempotency_in_progress",
  "message_too_long",
  "method_not_allowed",
  "payload_too_large",
  "replay_too_large",
  "idempotency_key_reused",
  "rate_limited",
  "quota_exceeded",
  "qualification_failed",
  "invalid_link",
  "no_tracker",
  "tracker_linked",
  "invalid_webhook",
  "webhook_limit_reached",
  "limit_reached",
  "invalid_feature_map",
  "weak_password",
  "user_exists",
  "last_admin",
  "prefix_taken",
  "cannot_merge",
  "cannot_unmerge",
  "cannot_split",
  "missing_host",
  "invalid_signature",
  "tracker_unavailable",
  "email_unavailable",
  "internal_error",
  "store_unavailable",
  "changelog_published",
  "already_member",
  "cannot_vote",
  "slug_taken",
  "unknown_owner",
  "unknown_feature",
  "invalid_sso_token",
  "comment_published",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** An expected failure, returned as a value by use cases. */
export interface Failure {
  readonly ok: false;
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed (rate limits and quotas). */
  readonly retryAfter?: number;
  /** For a refused request: the field at fault, named in the message. */
  readonly problem?: FieldProblem;
  /** For a refused unmerge or split: why, naming the feedbacks (the message says it instead of the code's). */
  readonly refusal?: MergeRefusal;
  /**
   * For a service that failed (an issue tracker): what it said, for the operator to act on; for a
   * refused single sign-on token: why, for the site's developers (English, as jose says it).
   */
  readonly cause?: string;
  /** For a service that failed: it refused the credentials it was called with, which trying again will not change. */
  readonly credentialsRefused?: true;
  /**
   * For an issue's opening its tracker did not answer in time: it may have opened the issue all the
   * same, which is to be looked for and linked by name rather than opened a second time.
   */
  readonly mayHaveOpened?: true;
  /** For a 404: what the request named by id that the organization does not hold, said back in the message. */
  readonly missing?: Missing;
  /** For insufficient_scope: the scope the operation needs, named in the message (a model reads no header). */
  readonly scope?: Scope;
  /**
   * For an issue a tracker opened that the feedback could not be linked to (its store failed): that
   * issue, named in the message so that it is linked by name rather than opened a second time.
   */
  readonly unlinked?: Pick<TrackerLink, "key" | "url">;
  /** For limit_reached: what the organization may hold no more of, and how many, named in the message. */
  readonly limit?: Limit;
}

/** A resource named by id (an app, a feature, a changelog entry) that the organization does not hold. */
interface Missing {
  readonly resource: "app" | "feature" | "changelog_entry";
  readonly id: string;
}

/**
 * A count the organization may not go beyond, so that no Admin (nor a token taken from one) fills
 * the store and the settings pages that list them: its apps, an app's channels, its API keys, an
 * app's help articles, its tags.
 */
interface Limit {
  readonly resource: "app" | "channel" | "api_key" | "help_article" | "tag";
  readonly max: number;
}

/** A creation refused because the organization holds `max` of them already. */
export const limitReached = (resource: Limit["resource"], max: number): Failure => ({ ok: false, code: "limit_reached", limit: { resource, max } });

export type Result<T> = { readonly ok: true; readonly value: T } | Failure;

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, retryAfter?: number): Failure =>
  retryAfter === undefined ? { ok: false, code } : { ok: false, code, retryAfter };

/**
 * What a failed call to a service said, as people may read it: the first line of its error, without
 * the secrets the call was made with (a library may quote its request).
 */
export function saidBy(error: unknown, secrets: readonly string[] = []): string {
  const line = (error instanceof Error ? error.message : String(error)).split("\n")[0]!;
  return secrets
    .filter((secret) => Boolean(secret))
    .reduce((said, secret) => said.replaceAll(secret, "[redacted]"), line)
    .slice(0, 300);
}

/** A service the request needed failed: `error`'s first line says why (a refused token, a name that does not resolve). */
export const unavailable = (code: ErrorCode, error: unknown, secrets: readonly string[] = []): Failure => ({
  ok: false,
  code,
  cause: saidBy(error, secrets),
});

/** Beyond this many characters an id is said back cut short: no one typed it by hand, and the message stays readable. */
const SAID_BACK_AT_MOST = 100;

/**
 * A 404 naming the app, feature or changelog entry a request named, as it was given, so that a
 * person (or a model) tries another; REST and MCP say it alike. A feedback key has noSuchFeedback.
 */
export const notFound = (resource: Missing["resource"], id: string): Failure => {
  const characters = [...id];
  const said = characters.length > SAID_BACK_AT_MOST ? `${characters.slice(0, SAID_BACK_AT_MOST - 1).join("")}…` : id;
  return { ok: false, code: "not_found", missing: { resource, id: said } };
};

/** A refused request, naming the field at fault and why. */
export const invalid = (code: ErrorCode, problem: FieldProblem): Failure => ({ ok: false, code, problem });

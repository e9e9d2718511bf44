import type { TSchema } from "@sinclair/typebox";
import { Value, ValueErrorType } from "@sinclair/typebox/value";

/**
 * Why a value of the right shape is still refused: a webhook address that is not https, not on an
 * allowed port, private or that does not resolve; a channel key sent to a door that does not take
 * its kind (a browser's endpoint takes widget keys only, a server's endpoint never does); `me`
 * said where no person asks.
 */
export type Refusal =
  | "not_url"
  | "not_https"
  | "credentials"
  | "port"
  | "private_address"
  | "unresolvable"
  | "widget_key_only"
  | "server_key_only"
  | "unknown_feedback"
  | "no_person"
  /** A status mapping for a tracker whose issues have no named states (GitHub, a bridge). */
  | "not_mapped"
  /** A text shown to others that holds characters reordering or hiding it (U+202E). */
  | "reordering"
  /** Slack's bot token field given another secret (the signing secret, a user or an app-level token). */
  | "not_bot_token"
  /** A token the service it is for refused when asked, as it was saved (wrong, revoked or expired). */
  | "token_refused"
  /** A project (repository, team) the service does not show the token: misspelt, or out of the token's reach. */
  | "project_unseen"
  /** A token whose account the service says may not write issues in the project. */
  | "cannot_write"
  /** A value not written as its field needs (a GitHub repository without its owner, a Jira key with a space). */
  | "malformed"
  /** An imported file's text that is not JSON at all. */
  | "not_json"
  /** Qualification choices that are not those of a question asked (or several for a question that takes one). */
  | "not_a_choice"
  /** A text answer where every question asked takes one of its choices. */
  | "choices_only"
  /** An attachment's data that is not base64 of a file of its contentType (a replay: gzip that expands). */
  | "not_its_type";

/** What is wrong with one field of a request, to be said in the error message. */
export type FieldProblem =
  /**
   * `no_change`: a bulk `set` that holds a comment alone, which goes with a change. `no_update`: an
   * update of one feedback with neither a status nor a triage field (a comment alone, or nothing).
   */
  | { readonly field: string; readonly reason: "unknown" | "missing" | "repeated" | "no_change" | "no_update" }
  | {
      readonly field: string;
      readonly reason: Refusal;
      /** What was given and refused, said first in the message: the address, its port, its host. */
      readonly given?: string;
      /** For a host name refused for what it resolves to: the address it resolved to. */
      readonly resolved?: string;
      /** For settings a service refused as they were saved: what it answered. */
      readonly said?: string;
    }
  | { readonly field: string; readonly reason: "expected"; readonly schema: TSchema }
  /**
   * A required field missing while fields not known were given beside it, in its object, perhaps in
   * its place (`comment` for `text`, `app_id` for `appId`): `beside`, their names, said with it so one
   * correction is enough.
   */
  | { readonly field: string; readonly reason: "missing"; readonly beside: readonly string[] }
  /** A field not known by this name, which another of its names is: `name`, the one to use. */
  | { readonly field: string; readonly reason: "misnamed"; readonly name: string }
  /** An owner who is no member: what was given, and the e-mails of the organization's members, any of whom may own. */
  | { readonly field: string; readonly reason: "not_member"; readonly given: string; readonly members: readonly string[] }
  /** A status mapped to a state the tracker's workflow lacks: the name given, and the names of the states it has. */
  | { readonly field: string; readonly reason: "unknown_state"; readonly given: string; readonly states: readonly string[] };

/** Names a field the way a client wrote it: `user.email`, not the pointer `/user/email`. */
const fieldName = (path: string): string =>
  path
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");

/** The first field of a value that a schema refuses, or null when it is accepted. */
export function firstProblem(schema: TSchema, value: unknown): FieldProblem | null {
  const [first] = Value.Errors(schema, value);
  if (!first) return null;
  const field = fieldName(first.path);
  if (first.type === ValueErrorType.ObjectAdditionalProperties) return { field, reason: "unknown" };
  if (first.type === ValueErrorType.ObjectRequiredProperty) {
    // Only the unknown fields of its own object may stand in its place: another object's are said once this one is mended.
    const parent = (path: string) => path.slice(0, path.lastIndexOf("/"));
    const beside = [...Value.Errors(schema, value)]
      .filter((e) => e.type === ValueErrorType.ObjectAdditionalProperties && parent(e.path) === parent(first.path))
      .map((e) => fieldName(e.path));
    return beside.length > 0 ? { field, reason: "missing", beside } : { field, reason: "missing" };
  }
  // A list that names one item twice: said so, not as the list's other bounds ("at most 100 items").
  if (first.type === ValueErrorType.ArrayUniqueItems) return { field, reason: "repeated" };
  return { field, reason: "expected", schema: first.schema };
}

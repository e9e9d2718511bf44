import { saidBy } from "./errors.ts";
import type { Refusal } from "./schemas/field-problem.ts";

/** What a service refused of the settings it was given: the token, the project (none the token can see), or writing issues there. */
export type RefusedPart = "token" | "project" | "permission";

/**
 * A service's answer that it refuses the credentials it was called with (a wrong, revoked or
 * expired token; a project the token cannot see; no right to write issues there), thrown by its
 * adapter. Unlike an outage, waiting will not change it: a person has to give another token.
 */
export class CredentialsRefused extends Error {
  override readonly name = "CredentialsRefused";

  constructor(
    readonly part: RefusedPart,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** How a settings field refused for a part is said. */
export const REFUSAL_OF: Readonly<Record<RefusedPart, Refusal>> = { token: "token_refused", project: "project_unseen", permission: "cannot_write" };

/** What asking a service about credentials, as they are saved, came to. */
type CredentialCheck =
  | { readonly verdict: "accepted" }
  | { readonly verdict: "refused"; readonly part: RefusedPart; readonly said: string }
  /** The service could not be asked (the machine may be offline): the settings are saved all the same, with a warning. */
  | { readonly verdict: "unreachable"; readonly said: string };

/**
 * Asks a service whether it takes the credentials: a refusal (CredentialsRefused) is its verdict;
 * any other failure means it could not say. What it said is kept without the secrets it was given.
 */
export async function checkCredentials(check: () => Promise<void>, secrets: readonly string[]): Promise<CredentialCheck> {
  try {
    await check();
    return { verdict: "accepted" };
  } catch (error) {
    const said = saidBy(error, secrets);
    return error instanceof CredentialsRefused ? { verdict: "refused", part: error.part, said } : { verdict: "unreachable", said };
  }
}

import { sha256Hex } from "./encoding.ts";
import { fail, ok, type Result } from "./errors.ts";
import { ROLE_SCOPES, type Grant, type Role, type Scope } from "./model.ts";
import type { Clock } from "./ports.ts";
import type { AccessStore } from "./store.ts";

/** Access tokens are stored only as this hash. */
export const tokenHash = (token: string): Promise<string> => sha256Hex(token);

/** A token's scopes, cut down to what its holder's current role allows. */
export const effectiveScopes = (scopes: readonly Scope[], role: Role): Scope[] => scopes.filter((s) => ROLE_SCOPES[role].includes(s));

/** Reads `Authorization: Bearer <token>` and finds the grant behind it. */
export async function authenticate(store: AccessStore, clock: Clock, authorization: string | null): Promise<Result<Grant>> {
  const match = authorization?.match(/^Bearer[ \t]+([^\s]+)[ \t]*$/i);
  if (!match?.[1]) return fail("unauthorized");
  const grant = await store.authenticate(await tokenHash(match[1]), clock());
  return grant ? ok({ ...grant, scopes: effectiveScopes(grant.scopes, grant.role) }) : fail("invalid_token");
}

/** Writing is a matter of role before it is a matter of scope: a Reader is refused outright. */
export function authorize(grant: Grant, scope: Scope): Result<Grant> {
  if (scope === "feedbacks:write" && grant.role === "reader") return fail("forbidden");
  return grant.scopes.includes(scope) ? ok(grant) : fail("insufficient_scope");
}

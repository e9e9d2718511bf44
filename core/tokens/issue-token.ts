import { Type } from "@sinclair/typebox";
import { authorize } from "../authorization.ts";
import { normalizeEmail } from "../email.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import { ROLE_SCOPES, scopesWithin } from "../authorization.ts";
import type { Grant, Scope } from "../model.ts";
import type { Clock, Digest, Ids } from "../ports.ts";
import { codePoints, Text } from "../schemas/text.ts";
import type { TokenStore } from "../store/tokens.ts";
import type { UserStore } from "../store/users.ts";

/** Prefix that lets secret scanners recognise a leaked token. */
export const TOKEN_PREFIX = "rtr_";
/** A personal token lives 90 days unless asked otherwise. */
const TOKEN_DAYS = 90;
export const TOKEN_LABEL_MAX_LENGTH = 100;
const DAY_MS = 86_400_000;

interface TokenRequest {
  /** Whose token: by default the grant's own person; another member's only for those who manage the organization. */
  readonly email?: string;
  /** By default, every scope the holder's role allows. */
  readonly scopes?: readonly Scope[];
  readonly label: string;
  /** Days before it expires, 90 by default; 0 for never (until revoked). */
  readonly days?: number;
}

interface IssuedToken {
  readonly id: string;
  /** The clear token, returned once: only its digest is kept. */
  readonly token: string;
  readonly scopes: readonly Scope[];
}

type Deps = {
  store: Pick<UserStore, "findUserByEmail" | "listMembers"> & Pick<TokenStore, "createToken">;
  ids: Pick<Ids, "id" | "secret">;
  clock: Clock;
  digest: Digest;
};

/** The member the token is for, if the grant may issue it. */
async function holderOf(deps: Deps, grant: Grant, email: string | undefined): Promise<Result<{ userId: string; role: Grant["role"] }>> {
  const user = email === undefined ? { id: grant.userId } : await deps.store.findUserByEmail(normalizeEmail(email));
  if (!user) return fail("not_found");
  if (user.id !== grant.userId) {
    const allowed = authorize(grant, "organization.manage");
    if (!allowed.ok) return allowed;
  }
  const member = (await deps.store.listMembers(grant.orgId)).find((m) => m.userId === user.id);
  return member ? ok({ userId: member.userId, role: member.role }) : fail("not_found");
}

/** Issues a personal access token for a member of the grant's organization. */
export async function issueToken(deps: Deps, grant: Grant, request: TokenRequest): Promise<Result<IssuedToken>> {
  const allowed = authorize(grant, "tokens.manage");
  if (!allowed.ok) return allowed;
  const label = request.label.trim();
  if (!label || codePoints(label) > TOKEN_LABEL_MAX_LENGTH) {
    return invalid("invalid_body", { field: "label", reason: "expected", schema: Text({ minLength: 1, maxLength: TOKEN_LABEL_MAX_LENGTH }) });
  }
  const days = request.days ?? TOKEN_DAYS;
  if (!Number.isSafeInteger(days) || days < 0)
    return invalid("invalid_body", { field: "days", reason: "expected", schema: Type.Integer({ minimum: 0 }) });
  const holder = await holderOf(deps, grant, request.email);
  if (!holder.ok) return holder;
  const ofRole = ROLE_SCOPES[holder.value.role];
  const scopes = request.scopes ?? ofRole;
  if (scopes.length === 0) return invalid("invalid_body", { field: "scopes", reason: "missing" });
  // Refused, not kept: a scope beyond the holder's role would be cut off at every use (authorize),
  // and a token listed with it would say it can do what it cannot.
  if (scopesWithin(holder.value.role, scopes).length < scopes.length)
    return invalid("invalid_body", { field: "scopes", reason: "expected", schema: Type.Union(ofRole.map((s) => Type.Literal(s))) });
  const token = `${TOKEN_PREFIX}${deps.ids.secret()}`;
  const id = deps.ids.id();
  const now = deps.clock();
  await deps.store.createToken({
    id,
    tokenHash: deps.digest(token),
    orgId: grant.orgId,
    userId: holder.value.userId,
    scopes,
    label,
    createdAt: now,
    expiresAt: days === 0 ? null : now + days * DAY_MS,
  });
  return ok({ id, token, scopes });
}

import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant, Scope } from "../model.ts";
import type { TokenStore } from "../store/tokens.ts";
import type { UserStore } from "../store/users.ts";

interface TokenView {
  readonly id: string;
  readonly userId: string;
  /** The holder's e-mail, or their id when they have left. */
  readonly holder: string;
  readonly label: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: number;
  readonly expiresAt: number | null;
  readonly lastUsedAt: number | null;
  readonly revoked: boolean;
}

/**
 * Personal access tokens: one's own live ones, or, for those who manage the organization and ask
 * for it, every token of the organization, revoked ones included.
 */
export async function listTokens(
  deps: { store: Pick<TokenStore, "listTokens"> & Pick<UserStore, "listMembers"> },
  grant: Grant,
  whose: "own" | "organization",
): Promise<Result<TokenView[]>> {
  const allowed = authorize(grant, whose === "own" ? "tokens.manage" : "organization.manage");
  if (!allowed.ok) return allowed;
  const [tokens, members] = await Promise.all([deps.store.listTokens(grant.orgId), deps.store.listMembers(grant.orgId)]);
  const emails = new Map(members.map((m) => [m.userId, m.email]));
  const shown = whose === "own" ? tokens.filter((t) => t.userId === grant.userId && !t.revoked) : tokens;
  return ok(shown.map((t) => ({ ...t, holder: emails.get(t.userId) ?? t.userId })));
}

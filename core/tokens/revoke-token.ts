import { authorize, can } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { TokenStore } from "../store/tokens.ts";

/** Revokes a personal access token at once: one's own, or any of the organization's for those who manage it. */
export async function revokeToken(
  deps: { store: Pick<TokenStore, "listTokens" | "revokeToken">; clock: Clock },
  grant: Grant,
  tokenId: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "tokens.manage");
  if (!allowed.ok) return allowed;
  const token = (await deps.store.listTokens(grant.orgId)).find((t) => t.id === tokenId && !t.revoked);
  if (!token) return fail("not_found");
  // Another's token is revoked only by those who manage the organization; to the others it does not exist.
  if (token.userId !== grant.userId && !can(grant, "organization.manage")) return fail("not_found");
  return (await deps.store.revokeToken(grant.orgId, tokenId, deps.clock())) ? ok(undefined) : fail("not_found");
}

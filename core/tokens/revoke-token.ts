import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { AdminStore } from "../store.ts";

/** Revokes a personal access token at once: one's own, or any of the organization's for those who manage it. */
export async function revokeToken(
  deps: { store: Pick<AdminStore, "listTokens" | "revokeToken">; clock: Clock },
  grant: Grant,
  tokenId: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "tokens.manage");
  if (!allowed.ok) return allowed;
  const token = (await deps.store.listTokens(grant.orgId)).find((t) => t.id === tokenId && !t.revoked);
  if (!token) return fail("not_found");
  if (token.userId !== grant.userId) {
    const manages = authorize(grant, "organization.manage");
    if (!manages.ok) return fail("not_found");
  }
  return (await deps.store.revokeToken(grant.orgId, tokenId, deps.clock())) ? ok(undefined) : fail("not_found");
}

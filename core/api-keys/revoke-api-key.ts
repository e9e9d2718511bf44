import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { ApiKeyStore } from "../store/api-keys.ts";

/** DELETE /v1/api-keys/{id}: the key stops working at once (its next request is 401 invalid_token). */
export async function revokeApiKey(
  deps: { store: Pick<ApiKeyStore, "revokeApiKey">; clock: Clock },
  grant: Grant,
  id: string,
): Promise<Result<null>> {
  const allowed = authorize(grant, "apiKeys.manage");
  if (!allowed.ok) return allowed;
  return (await deps.store.revokeApiKey(grant.orgId, id, deps.clock())) ? ok(null) : fail("not_found");
}

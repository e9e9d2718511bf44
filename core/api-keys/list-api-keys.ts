import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { ApiKeyStore } from "../store/api-keys.ts";
import type { ApiKeyList } from "./create-api-key.ts";

const iso = (ms: number): string => new Date(ms).toISOString();

/** GET /v1/api-keys: the organization's live keys with when each was last used, never the key. */
export async function listApiKeys(deps: { store: Pick<ApiKeyStore, "listApiKeys"> }, grant: Grant): Promise<Result<ApiKeyList>> {
  const allowed = authorize(grant, "apiKeys.manage");
  if (!allowed.ok) return allowed;
  const keys = await deps.store.listApiKeys(grant.orgId);
  return ok({
    data: keys.map((k) => ({
      id: k.id,
      name: k.name,
      scopes: [...k.scopes],
      createdAt: iso(k.createdAt),
      lastUsedAt: k.lastUsedAt === null ? null : iso(k.lastUsedAt),
    })),
  });
}

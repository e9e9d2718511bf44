import type { Scope } from "../model.ts";
import type { Clock, Digest, Ids } from "../ports.ts";
import type { AdminStore } from "../store.ts";

/** Prefix that lets secret scanners recognise a leaked token. */
export const TOKEN_PREFIX = "rtr_";

export interface TokenRequest {
  readonly orgId: string;
  readonly userId: string;
  readonly scopes: readonly Scope[];
  readonly label: string;
  /** Lifetime in milliseconds; null never expires (until revoked). */
  readonly ttlMs: number | null;
}

/** Creates a personal access token; the clear token is returned once and only its hash is kept. */
export async function mintToken(
  deps: { store: AdminStore; ids: Ids; clock: Clock; digest: Digest },
  request: TokenRequest,
): Promise<{ id: string; token: string }> {
  const token = `${TOKEN_PREFIX}${deps.ids.secret()}`;
  const id = deps.ids.id();
  const now = deps.clock();
  await deps.store.createToken({
    id,
    tokenHash: deps.digest(token),
    orgId: request.orgId,
    userId: request.userId,
    scopes: request.scopes,
    label: request.label,
    createdAt: now,
    expiresAt: request.ttlMs === null ? null : now + request.ttlMs,
  });
  return { id, token };
}

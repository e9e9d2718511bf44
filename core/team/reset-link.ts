import type { Clock, Digest } from "../ports.ts";
import type { PasswordResetStore } from "../store/password-resets.ts";

export type LinkDeps = { readonly store: Pick<PasswordResetStore, "findPasswordResetByToken">; readonly clock: Clock; readonly digest: Digest };

/** The reset a link's token opens: a person's (not a decoy's), unused and within its 30 minutes; null otherwise. */
export async function liveReset(deps: LinkDeps, token: string): Promise<{ readonly id: string; readonly userId: string } | null> {
  const reset = token ? await deps.store.findPasswordResetByToken(deps.digest(token)) : null;
  return reset?.userId && reset.usedAt === null && reset.expiresAt > deps.clock() ? { id: reset.id, userId: reset.userId } : null;
}

/** Whether a reset link still opens. */
export const resetLinkOpens = async (deps: LinkDeps, token: string): Promise<boolean> => (await liveReset(deps, token)) !== null;

import type { Digest } from "../ports.ts";
import type { AccountStore } from "../store/accounts.ts";

/** Signs out: the session secret no longer opens anything. */
export async function endSession(deps: { store: Pick<AccountStore, "deleteSession">; digest: Digest }, secret: string): Promise<void> {
  await deps.store.deleteSession(deps.digest(secret));
}

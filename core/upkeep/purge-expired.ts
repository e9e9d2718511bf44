import { UNUSED_CLIENT_MS } from "../oauth/lifetimes.ts";
import type { Clock } from "../ports.ts";
import type { OAuthStore } from "../store/oauth.ts";
import type { StoreUpkeep } from "../store/upkeep.ts";

/** Housekeeping: expired counters, answers and sessions, and client registrations no one ever used. */
export async function purgeExpired(deps: {
  store: Pick<StoreUpkeep, "purgeExpired"> & Pick<OAuthStore, "deleteUnusedClients">;
  clock: Clock;
}): Promise<void> {
  const now = deps.clock();
  await deps.store.purgeExpired(now);
  await deps.store.deleteUnusedClients(now - UNUSED_CLIENT_MS);
}

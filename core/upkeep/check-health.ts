import type { StoreUpkeep } from "../store/upkeep.ts";

/** Whether the service can serve: its database answers. */
export const checkHealth = (deps: { store: Pick<StoreUpkeep, "ping"> }): Promise<boolean> => deps.store.ping().catch(() => false);

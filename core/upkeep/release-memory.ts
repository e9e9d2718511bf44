import type { StoreUpkeep } from "../store/upkeep.ts";

/** Housekeeping once work has stopped: the store hands back what its caches grew to under load. */
export const releaseMemory = (deps: { store: Pick<StoreUpkeep, "releaseMemory"> }): Promise<void> => deps.store.releaseMemory();

import type { Store } from "../store.ts";

/** Housekeeping once work has stopped: the store hands back what its caches grew to under load. */
export const releaseMemory = (deps: { store: Pick<Store, "releaseMemory"> }): Promise<void> => deps.store.releaseMemory();

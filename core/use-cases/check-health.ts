import type { Store } from "../store.ts";

/** Whether the service can serve: its database answers. */
export const checkHealth = (deps: { store: Pick<Store, "ping"> }): Promise<boolean> => deps.store.ping().catch(() => false);

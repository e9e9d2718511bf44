import type { StoreUpkeep } from "../store/upkeep.ts";

/** Background work: the store writes the search entries of up to `limit` feedbacks recorded without one; how many. */
export const catchUpSearch = (deps: { store: Pick<StoreUpkeep, "catchUpSearch"> }, limit: number): Promise<number> => deps.store.catchUpSearch(limit);

import type { Organization } from "../model.ts";
import type { AdminStore } from "../store.ts";

/** An organization by its id or key prefix, as an operator names it. */
export const findOrganization = (deps: { store: Pick<AdminStore, "findOrganization"> }, idOrPrefix: string): Promise<Organization | null> =>
  deps.store.findOrganization(idOrPrefix);

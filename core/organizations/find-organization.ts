import type { Organization } from "../model.ts";
import type { OrganizationStore } from "../store/organizations.ts";

/** An organization by its id or key prefix, as an operator names it. */
export const findOrganization = (deps: { store: Pick<OrganizationStore, "findOrganization"> }, idOrPrefix: string): Promise<Organization | null> =>
  deps.store.findOrganization(idOrPrefix);

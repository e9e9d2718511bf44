import type { Organization } from "../model.ts";
import type { OrganizationStore } from "../store/organizations.ts";

/** Every organization of this service (an operator's view). */
export const listOrganizations = (deps: { store: Pick<OrganizationStore, "listOrganizations"> }): Promise<Organization[]> =>
  deps.store.listOrganizations();

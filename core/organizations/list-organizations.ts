import type { Organization } from "../model.ts";
import type { AdminStore } from "../store.ts";

/** Every organization of this service (an operator's view). */
export const listOrganizations = (deps: { store: Pick<AdminStore, "listOrganizations"> }): Promise<Organization[]> => deps.store.listOrganizations();

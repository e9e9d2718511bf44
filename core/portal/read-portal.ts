import type { Services } from "../services.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import { defaultPortal } from "./portal-settings.ts";

type ReadPortalDeps = Pick<Services, "clock"> & { readonly store: Pick<PortalStore, "findPortal"> & Pick<OrganizationStore, "findOrganization"> };

/** The organization's portal as stored, or the default one; null for an organization that does not exist. */
export async function readPortal(services: ReadPortalDeps, orgId: string): Promise<PortalRecord | null> {
  const stored = await services.store.findPortal(orgId);
  if (stored) return stored;
  const organization = await services.store.findOrganization(orgId);
  return organization && defaultPortal(organization, services.clock());
}

/** The deps of an Admin's use case on the portal: the store, the address the portal lives under, and the key that opens its SSO secret. */
export type PortalAdminDeps = ReadPortalDeps & Pick<Services, "baseUrl" | "secrets">;

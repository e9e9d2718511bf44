import type { Services } from "../services.ts";
import type { PortalStore } from "../store/portals.ts";

/**
 * The SSO secret of the portal at `slug`, opened, to verify a customer's HS256 token; null when the
 * portal does not exist, is off, or has no secret yet.
 */
export async function portalSsoSecret(
  services: Pick<Services, "secrets"> & { readonly store: Pick<PortalStore, "findPortalBySlug"> },
  slug: string,
): Promise<{ readonly orgId: string; readonly secret: string } | null> {
  const portal = await services.store.findPortalBySlug(slug);
  if (!portal?.enabled || portal.ssoSecretSealed === null) return null;
  return { orgId: portal.orgId, secret: await services.secrets.open(portal.ssoSecretSealed) };
}

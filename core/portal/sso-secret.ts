import type { PortalEntry } from "../portal-people/portal.ts";
import type { Services } from "../services.ts";
import type { PortalStore } from "../store/portals.ts";
import { openSealed } from "../open-sealed.ts";

/**
 * The portal at `slug` as its sign-in needs it: its organization, whether it is on, its SSO
 * secret opened (null until an Admin creates one), to verify a customer's HS256 token, and the
 * organization's sign-in address. Null when no portal has the slug. The portal people's `PortalLookup` answer.
 */
export async function portalEntry(
  services: Pick<Services, "secrets"> & { readonly store: Pick<PortalStore, "findPortalBySlug"> },
  slug: string,
): Promise<PortalEntry | null> {
  const portal = await services.store.findPortalBySlug(slug.toLowerCase());
  if (!portal) return null;
  // One that no longer opens is no secret until it is given again.
  const ssoSecret = portal.ssoSecretSealed === null ? null : await openSealed(services.secrets, portal.ssoSecretSealed);
  return { orgId: portal.orgId, slug: portal.slug, enabled: portal.enabled, ssoSecret, signInUrl: portal.signInUrl };
}

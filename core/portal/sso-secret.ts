import type { PortalEntry } from "../portal-people/portal.ts";
import type { SecretBox } from "../ports.ts";
import type { Services } from "../services.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import { openSealed } from "../open-sealed.ts";

/**
 * The portal's SSO secret, opened: null while it has none, and for one sealed with a key the store
 * has lost since (secret-key reset), which is no secret until an Admin creates another. What the
 * sign-in, the pages that offer it and the Admin's settings all go by, so that none offers or
 * reports a single sign-on that the others would refuse.
 */
export const openSsoSecret = async (secrets: SecretBox, portal: Pick<PortalRecord, "ssoSecretSealed">): Promise<string | null> =>
  portal.ssoSecretSealed === null ? null : await openSealed(secrets, portal.ssoSecretSealed);

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
  const ssoSecret = await openSsoSecret(services.secrets, portal);
  return { orgId: portal.orgId, slug: portal.slug, enabled: portal.enabled, ssoSecret, signInUrl: portal.signInUrl };
}

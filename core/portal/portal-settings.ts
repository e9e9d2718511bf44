import type { Organization } from "../model.ts";
import { STATUSES } from "../schemas/feedback.ts";
import type { Portal } from "../schemas/portal.ts";
import type { PortalRecord } from "../store/portals.ts";

/** The portal an organization has before an Admin sets it, as of `at`: off, its slug the key prefix in lower case, posts reviewed, not indexed. */
export const defaultPortal = (organization: Pick<Organization, "id" | "name" | "keyPrefix">, at: number): PortalRecord => ({
  orgId: organization.id,
  enabled: false,
  slug: organization.keyPrefix.toLowerCase(),
  title: organization.name,
  posting: "review",
  indexing: false,
  statusLabels: {},
  brandColor: null,
  signInUrl: null,
  changedAt: at,
  ssoSecretSealed: null,
});

export const portalUrl = (baseUrl: string, slug: string): string => `${baseUrl}/p/${encodeURIComponent(slug)}`;

/**
 * The settings as an Admin reads them: never the SSO secret (`ssoSecret`, opened by openSsoSecret),
 * only whether there is one that works, or one that no longer opens and must be created again.
 */
export const portalView = (portal: PortalRecord, baseUrl: string, ssoSecret: string | null): Portal => ({
  enabled: portal.enabled,
  slug: portal.slug,
  title: portal.title,
  posting: portal.posting,
  indexing: portal.indexing,
  // The statuses there are alone: a name PUT /v1/portal kept before it refused such names labels nothing.
  statusLabels: Object.fromEntries(STATUSES.flatMap((status) => (portal.statusLabels[status] ? [[status, portal.statusLabels[status]]] : []))),
  brandColor: portal.brandColor,
  ssoSecretSet: ssoSecret !== null,
  ssoSecretLost: portal.ssoSecretSealed !== null && ssoSecret === null,
  signInUrl: portal.signInUrl,
  url: portalUrl(baseUrl, portal.slug),
});

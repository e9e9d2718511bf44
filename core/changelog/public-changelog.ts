import type { Organization } from "../model.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { ChangelogEntryRecord } from "./entry.ts";

type PublicDeps = { readonly store: Pick<OrganizationStore, "findOrganization"> & Pick<ChangelogStore, "listEntries"> };

/**
 * The slug of an organization's public pages (`/p/{slug}`), as this version decides it: its key
 * prefix in lower case, the portal's default. When the portal's settings exist, their `slug`
 * (and whether the portal is on) replace this rule: this function and the lookup below are the
 * only places that know it.
 */
const changelogSlugOf = (organization: Pick<Organization, "keyPrefix">): string => organization.keyPrefix.toLowerCase();

/** The slug of an organization's public changelog, for the pages that link to it; null for no organization. */
export async function changelogSlug(services: PublicDeps, orgId: string): Promise<string | null> {
  const organization = await services.store.findOrganization(orgId);
  return organization && changelogSlugOf(organization);
}

/** The organization a public address names, by its slug; null for none. */
async function organizationOfSlug(services: PublicDeps, slug: string): Promise<Organization | null> {
  const organization = await services.store.findOrganization(slug.toUpperCase());
  return organization && changelogSlugOf(organization) === slug ? organization : null;
}

/** What the public changelog shows: the organization's published entries, newest first, and nothing else. */
export async function readPublicChangelog(
  services: PublicDeps,
  slug: string,
): Promise<{ readonly organization: Organization; readonly entries: readonly ChangelogEntryRecord[] } | null> {
  const organization = await organizationOfSlug(services, slug);
  if (!organization) return null;
  return { organization, entries: await services.store.listEntries(organization.id, { drafts: false }) };
}

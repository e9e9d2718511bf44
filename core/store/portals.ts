import type { PostingMode } from "../schemas/portal.ts";
import type { Status } from "../schemas/feedback.ts";

/** An organization's public portal, as stored once an Admin has set it. */
export interface PortalRecord {
  readonly orgId: string;
  readonly enabled: boolean;
  /** Unique among portals; the address is {base_url}/p/{slug}. */
  readonly slug: string;
  readonly title: string;
  readonly posting: PostingMode;
  readonly indexing: boolean;
  readonly statusLabels: Readonly<Partial<Record<Status, string>>>;
  readonly brandColor: string | null;
  /** The organization's own sign-in page, where the portal sends people to sign in by single sign-on; null: none. */
  readonly signInUrl: string | null;
  /**
   * When an Admin last changed its settings (turned it on, renamed it, …); a portal never saved is
   * the default one as of the moment it is read.
   */
  readonly changedAt: number;
  /** The secret that signs single sign-on tokens, sealed with the service's key; null until created. */
  readonly ssoSecretSealed: string | null;
}

/** The portals of organizations, one each. */
export interface PortalStore {
  findPortal(orgId: string): Promise<PortalRecord | null>;
  findPortalBySlug(slug: string): Promise<PortalRecord | null>;
  /**
   * Writes the settings `changes` names, and those alone, so that two saves of different settings
   * at the same moment both stand; an organization with no portal stored gets `defaults` with the
   * changes. Never the SSO secret (a new portal has none). The portal as stored then; null when
   * another organization's portal holds the slug.
   */
  savePortal(changes: PortalChanges, defaults: PortalSettings): Promise<PortalRecord | null>;
  /**
   * Sets the portal's sealed SSO secret alone, so that a settings save at the same moment neither
   * loses it nor is lost; false when the organization has no portal saved.
   */
  setSsoSecret(orgId: string, sealed: string): Promise<boolean>;
}

/** A portal's settings: all but its SSO secret, which is written on its own. */
type PortalSettings = Omit<PortalRecord, "ssoSecretSealed">;

/** Some of a portal's settings, as one save changes them. */
export type PortalChanges = Partial<Omit<PortalSettings, "orgId">>;

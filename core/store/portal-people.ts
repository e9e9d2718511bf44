/** A person signed in on an organization's portal: someone who uses its apps, never a member of its team. */
export interface PortalPerson {
  readonly orgId: string;
  readonly email: string;
  readonly name?: string;
}

/** One-time sign-in links and the portal sessions they (or single sign-on) open, stored hashed; never the team's sessions. */
export interface PortalPeopleStore {
  saveSignInLink(tokenHash: string, link: { readonly orgId: string; readonly email: string; readonly expiresAt: number }): Promise<void>;
  /** Takes a link, once: its organization and address while it is unused and not expired at `now`; null otherwise. Taken, it is gone. */
  takeSignInLink(tokenHash: string, now: number): Promise<{ orgId: string; email: string } | null>;
  /** The same, read and left as it is: what the page a link opens shows, since mail scanners open links too. */
  findSignInLink(tokenHash: string, now: number): Promise<{ orgId: string; email: string } | null>;
  createPortalSession(idHash: string, session: PortalPerson & { readonly createdAt: number; readonly expiresAt: number }): Promise<void>;
  /** The person of a live portal session, or null. */
  findPortalSession(idHash: string, now: number): Promise<PortalPerson | null>;
  deletePortalSession(idHash: string): Promise<void>;
}

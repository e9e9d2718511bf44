import type { SignedIn } from "../sessions/resume-session.ts";
import type { OAuthStore } from "../store/oauth.ts";

type Membership = SignedIn["memberships"][number];

/**
 * The person's organizations in which an application already acts for them, which allowing it
 * again there replaces (replacedBy): what the consent page tells this person, naming them.
 */
export async function alreadyConnectedIn(
  deps: { store: Pick<OAuthStore, "hasAgent"> },
  person: Pick<SignedIn, "userId" | "memberships">,
  clientId: string,
): Promise<Membership[]> {
  const connected = await Promise.all(person.memberships.map((m) => deps.store.hasAgent(clientId, person.userId, [m.orgId])));
  return person.memberships.filter((_, i) => connected[i]);
}

import type { SignedIn } from "../sessions/resume-session.ts";
import type { OAuthStore } from "../store/oauth.ts";
import { covers } from "./replaced-agents.ts";

type Membership = SignedIn["memberships"][number];

/**
 * The person's organizations in which an application already acts for them on what allowing it
 * for `resource` would replace (replacedBy): what the consent page tells this person, naming them.
 * Its access to another resource, which stays, is not counted.
 */
export async function alreadyConnectedIn(
  deps: { store: Pick<OAuthStore, "listAgents"> },
  person: Pick<SignedIn, "userId" | "memberships">,
  clientId: string,
  resource: string,
): Promise<Membership[]> {
  const agents = await Promise.all(person.memberships.map((m) => deps.store.listAgents(m.orgId, person.userId)));
  return person.memberships.filter((_, i) => agents[i]!.some((a) => a.clientId === clientId && covers(resource, a.resource)));
}

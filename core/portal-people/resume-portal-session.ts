import type { Clock, Digest } from "../ports.ts";
import type { PortalPeopleStore, PortalPerson } from "../store/portal-people.ts";
import type { PortalEntry } from "./portal.ts";

/** The person of a portal session on this portal, or null: a session of another portal is no session here. */
export async function resumePortalSession(
  deps: { readonly store: Pick<PortalPeopleStore, "findPortalSession">; readonly clock: Clock; readonly digest: Digest },
  portal: PortalEntry,
  secret: string,
): Promise<PortalPerson | null> {
  if (!portal.enabled) return null;
  const person = await deps.store.findPortalSession(deps.digest(secret), deps.clock());
  return person && person.orgId === portal.orgId ? person : null;
}

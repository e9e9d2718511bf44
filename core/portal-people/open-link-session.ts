import { fail, ok, type Result } from "../errors.ts";
import type { PortalPeopleStore } from "../store/portal-people.ts";
import { opensOn } from "./check-sign-in-link.ts";
import { type OpenedSession, type PortalEntry, type SessionDeps, startPortalSession } from "./portal.ts";

type OpenLinkDeps = SessionDeps & { readonly store: Pick<PortalPeopleStore, "takeSignInLink"> };

/**
 * A person follows their sign-in link and confirms: the link is taken (it opens one session, within
 * its 15 minutes, on the portal it was sent for) and a portal session opens. `invalid_link` otherwise.
 */
export async function openLinkSession(services: OpenLinkDeps, portal: PortalEntry, token: string): Promise<Result<OpenedSession>> {
  if (!portal.enabled) return fail("not_found");
  if (token === "") return fail("invalid_link");
  const link = await services.store.takeSignInLink(services.digest(token), services.clock());
  if (!opensOn(portal, link)) return fail("invalid_link");
  return ok(await startPortalSession(services, { orgId: portal.orgId, email: link.email }));
}

import { fail, ok, type Result } from "../errors.ts";
import type { Clock, Digest } from "../ports.ts";
import type { PortalPeopleStore } from "../store/portal-people.ts";
import type { PortalEntry } from "./portal.ts";

type Link = { readonly orgId: string; readonly email: string };

/** A link signs in only on the portal it was sent for. */
export const opensOn = (portal: PortalEntry, link: Link | null): link is Link => link !== null && link.orgId === portal.orgId;

/**
 * Whether a sign-in link would still sign its person in here (unused, within its 15 minutes, sent
 * for this portal), leaving it unused: the page it opens says at once when it no longer works.
 * `invalid_link` otherwise.
 */
export async function checkSignInLink(
  deps: { readonly store: Pick<PortalPeopleStore, "findSignInLink">; readonly clock: Clock; readonly digest: Digest },
  portal: PortalEntry,
  token: string,
): Promise<Result<null>> {
  if (!portal.enabled) return fail("not_found");
  const link = token === "" ? null : await deps.store.findSignInLink(deps.digest(token), deps.clock());
  return opensOn(portal, link) ? ok(null) : fail("invalid_link");
}

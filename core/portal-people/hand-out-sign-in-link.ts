import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import { type PortalAdminDeps, readPortal } from "../portal/read-portal.ts";
import { type MakeLinkDeps, makeSignInLink, signInAddress } from "./sign-in-link.ts";

type HandOutDeps = Omit<PortalAdminDeps, "secrets"> & MakeLinkDeps & { readonly store: PortalAdminDeps["store"] & MakeLinkDeps["store"] };

/**
 * An Admin (the operator, on the service's machine) makes the sign-in link the portal would e-mail
 * to `email`, to hand it over themselves: where no e-mail is sent, the way to see the portal as one
 * of its people. No rate limit: nobody's mailbox is written to. `not_found` while the portal is off;
 * `invalid_body` for text that is not an e-mail address.
 */
export async function handOutSignInLink(
  services: HandOutDeps,
  grant: Grant,
  email: string,
): Promise<Result<{ email: string; url: string; expiresAt: number }>> {
  const allowed = authorize(grant, "portal.manage");
  if (!allowed.ok) return allowed;
  const portal = await readPortal(services, grant.orgId);
  if (!portal) return fail("not_found");
  const address = signInAddress(portal, email);
  if (!address.ok) return address;
  const { url, expiresAt } = await makeSignInLink(services, portal, address.value);
  return ok({ email: address.value, url, expiresAt });
}

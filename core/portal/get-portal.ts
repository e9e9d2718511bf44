import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Portal } from "../schemas/portal.ts";
import { portalView } from "./portal-settings.ts";
import { type PortalAdminDeps, readPortal } from "./read-portal.ts";
import { openSsoSecret } from "./sso-secret.ts";

/** GET /v1/portal: the organization's portal settings (Admin). */
export async function getPortal(services: PortalAdminDeps, grant: Grant): Promise<Result<Portal>> {
  const allowed = authorize(grant, "portal.manage");
  if (!allowed.ok) return allowed;
  const portal = await readPortal(services, grant.orgId);
  return portal ? ok(portalView(portal, services.baseUrl, await openSsoSecret(services.secrets, portal))) : fail("not_found");
}

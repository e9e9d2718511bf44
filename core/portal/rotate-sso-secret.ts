import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Services } from "../services.ts";
import type { PortalStore } from "../store/portals.ts";
import { type PortalAdminDeps, readPortal } from "./read-portal.ts";

/**
 * POST /v1/portal/sso-secret: creates the portal's single sign-on secret, or replaces it (tokens
 * signed with the former one stop opening sessions at once). The secret is returned this once and
 * stored sealed.
 */
export async function rotateSsoSecret(
  services: PortalAdminDeps & Pick<Services, "ids" | "secrets"> & { readonly store: Pick<PortalStore, "savePortal" | "setSsoSecret"> },
  grant: Grant,
): Promise<Result<{ ssoSecret: string }>> {
  const allowed = authorize(grant, "portal.manage");
  if (!allowed.ok) return allowed;
  const portal = await readPortal(services, grant.orgId);
  if (!portal) return fail("not_found");
  const secret = `psso_${services.ids.secret()}${services.ids.secret()}`;
  const sealed = await services.secrets.seal(secret);
  // Written alone, so that a settings save at the same moment is not lost; a portal never saved is
  // saved first, with its defaults.
  if (await services.store.setSsoSecret(grant.orgId, sealed)) return ok({ ssoSecret: secret });
  if (!(await services.store.savePortal({}, portal))) return fail("slug_taken");
  await services.store.setSsoSecret(grant.orgId, sealed);
  return ok({ ssoSecret: secret });
}

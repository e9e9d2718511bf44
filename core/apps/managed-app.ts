import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { CatalogStore } from "../store/catalog.ts";

/** An app of the grant's organization that the grant may change: forbidden for those who do not manage it, not_found for another's. */
export async function managedApp(deps: { store: Pick<CatalogStore, "findApp"> }, grant: Grant, appId: string): Promise<Result<AppRecord>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const app = await deps.store.findApp(grant.orgId, appId);
  return app ? ok(app) : fail("not_found");
}

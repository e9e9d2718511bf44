import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { App } from "../schemas/catalog.ts";
import type { CatalogStore } from "../store/catalog.ts";

const toApp = ({ orgId: _, browser: __, ...app }: AppRecord): App => app;

/** GET /v1/apps. */
export async function listApps(services: { readonly store: Pick<CatalogStore, "listApps"> }, grant: Grant): Promise<Result<{ data: App[] }>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  return ok({ data: (await services.store.listApps(grant.orgId)).map(toApp) });
}

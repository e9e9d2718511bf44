import { fail, ok, type Result } from "../errors.ts";
import type { GroupingMode } from "../grouping/decision.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { AppSetupStore } from "../store/app-setup.ts";
import type { CatalogStore } from "../store/catalog.ts";
import { managedApp } from "./managed-app.ts";

/** Whether grouping merges an app's sure duplicates on its own (`auto`) or leaves every merge to a person (`review`). */
export async function setGroupingMode(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<AppSetupStore, "setGroupingMode"> },
  grant: Grant,
  appId: string,
  mode: GroupingMode,
): Promise<Result<AppRecord>> {
  const managed = await managedApp(deps, grant, appId);
  if (!managed.ok) return managed;
  if (!(await deps.store.setGroupingMode(grant.orgId, appId, mode))) return fail("not_found");
  return ok({ ...managed.value, groupingMode: mode });
}

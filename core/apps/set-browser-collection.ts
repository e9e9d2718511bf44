import { Type } from "@sinclair/typebox";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { AppRecord, BrowserCollection, Grant } from "../model.ts";
import type { AppSetupStore } from "../store/app-setup.ts";
import type { CatalogStore } from "../store/catalog.ts";
import { browserCollection, exactOrigin } from "./browser-collection.ts";
import { managedApp } from "./managed-app.ts";

const MAX_ORIGINS = 20;
const MAX_QUERY_PARAMS = 20;

// Named by its format in refusals; checked by exactOrigin, never by a schema validator.
const ORIGIN_SCHEMA = Type.String({ format: "origin", description: "An exact origin such as https://app.example.com or http://localhost:5173." });
const PARAM = /^[\w.[\]-]{1,100}$/;

/**
 * Replaces how an app's widget collects: the origins it may send from, the session replay, and
 * the query parameters kept in page addresses. What `changes` leaves out stays as it was;
 * repeated entries are kept once.
 */
export async function setBrowserCollection(
  deps: { store: Pick<CatalogStore, "findApp"> & Pick<AppSetupStore, "setBrowserCollection"> },
  grant: Grant,
  appId: string,
  changes: Partial<BrowserCollection>,
): Promise<Result<AppRecord>> {
  const managed = await managedApp(deps, grant, appId);
  if (!managed.ok) return managed;
  const wanted = { ...browserCollection(managed.value), ...changes };
  const origins = wanted.origins.map(exactOrigin);
  // One origin that is not exact is named as such; a list too long, as a list.
  const inexact = origins.indexOf(null);
  if (inexact >= 0) return invalid("invalid_body", { field: `origins.${inexact}`, reason: "expected", schema: ORIGIN_SCHEMA });
  if (origins.length > MAX_ORIGINS) {
    return invalid("invalid_body", { field: "origins", reason: "expected", schema: Type.Array(ORIGIN_SCHEMA, { maxItems: MAX_ORIGINS }) });
  }
  const queryParams = wanted.queryParams.map((p) => p.trim()).filter(Boolean);
  if (queryParams.some((p) => !PARAM.test(p)) || queryParams.length > MAX_QUERY_PARAMS) {
    const name = Type.String({ pattern: PARAM.source });
    return invalid("invalid_body", { field: "queryParams", reason: "expected", schema: Type.Array(name, { maxItems: MAX_QUERY_PARAMS }) });
  }
  const browser: BrowserCollection = { origins: [...new Set(origins as string[])], replay: wanted.replay, queryParams: [...new Set(queryParams)] };
  if (!(await deps.store.setBrowserCollection(grant.orgId, appId, browser))) return fail("not_found");
  return ok({ ...managed.value, browser });
}

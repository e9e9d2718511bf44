import { authorize } from "../authorization.ts";
import { invalid, limitReached, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { App } from "../schemas/catalog.ts";
import { codePoints, reordersText, Text } from "../schemas/text.ts";
import type { AppSetupStore } from "../store/app-setup.ts";

export const APP_NAME_MAX_LENGTH = 100;
/**
 * Apps an organization may have: a product line's web, mobile and back-office apps many times over.
 * Apps are never deleted. The operator's CLI is held to it too: it acts as an Admin of the
 * organization, and the bound is what keeps the settings pages, which list every app, readable.
 */
const MAX_APPS_PER_ORGANIZATION = 50;

/** Adds an app to the grant's organization; its channels are added next. */
export async function createApp(
  deps: { store: Pick<AppSetupStore, "createApp">; ids: Pick<Ids, "id"> },
  grant: Grant,
  input: { readonly name: string; readonly kind: App["kind"]; readonly description?: string },
): Promise<Result<AppRecord>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const name = input.name.trim();
  if (!name || codePoints(name) > APP_NAME_MAX_LENGTH) {
    return invalid("invalid_body", { field: "name", reason: "expected", schema: Text({ minLength: 1, maxLength: APP_NAME_MAX_LENGTH }) });
  }
  // Shown to every member, in the inbox's filters and on the portal: it must read as it is.
  if (reordersText(name)) return invalid("invalid_body", { field: "name", reason: "reordering" });
  const app: AppRecord = {
    id: deps.ids.id(),
    orgId: grant.orgId,
    name,
    kind: input.kind,
    ...(input.description && { description: input.description }),
  };
  if (!(await deps.store.createApp(app, MAX_APPS_PER_ORGANIZATION))) return limitReached("app", MAX_APPS_PER_ORGANIZATION);
  return ok(app);
}

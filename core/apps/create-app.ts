import { authorize } from "../authorization.ts";
import { invalid, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { App } from "../schemas/catalog.ts";
import { codePoints, Text } from "../schemas/text.ts";
import type { AppSetupStore } from "../store/app-setup.ts";

export const APP_NAME_MAX_LENGTH = 100;

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
  const app: AppRecord = {
    id: deps.ids.id(),
    orgId: grant.orgId,
    name,
    kind: input.kind,
    ...(input.description && { description: input.description }),
  };
  await deps.store.createApp(app);
  return ok(app);
}

import { Type } from "@sinclair/typebox";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Plan } from "../plans.ts";
import type { Organization } from "../model.ts";
import type { Ids } from "../ports.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import { KEY_PREFIX } from "../feedback/key.ts";

/** The prefix made from a name when none is given: its first six letters. */
const prefixFrom = (name: string): string =>
  name
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 6)
    .toUpperCase();

/** Creates an organization (an operator's act: no one is a member yet). */
export async function createOrganization(
  deps: { store: Pick<OrganizationStore, "findOrganization" | "createOrganization">; ids: Pick<Ids, "id"> },
  input: { readonly name: string; readonly keyPrefix?: string; readonly plan: Plan },
): Promise<Result<Organization>> {
  const name = input.name.trim();
  if (!name) return invalid("invalid_body", { field: "name", reason: "missing" });
  const keyPrefix = (input.keyPrefix ?? prefixFrom(name)).toUpperCase();
  if (!KEY_PREFIX.test(keyPrefix))
    return invalid("invalid_body", { field: "keyPrefix", reason: "expected", schema: Type.String({ pattern: KEY_PREFIX.source }) });
  if (await deps.store.findOrganization(keyPrefix)) return fail("prefix_taken");
  const organization: Organization = { id: deps.ids.id(), name, keyPrefix, plan: input.plan, quotaOverride: null };
  await deps.store.createOrganization(organization);
  return ok(organization);
}

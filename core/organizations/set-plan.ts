import { fail, ok, type Result } from "../errors.ts";
import type { Plan } from "../plans.ts";
import type { OrganizationStore } from "../store/organizations.ts";

/** Changes an organization's plan; a quota given overrides the plan's monthly quota (an operator's act). */
export async function setPlan(
  deps: { store: Pick<OrganizationStore, "setPlan"> },
  orgId: string,
  plan: Plan,
  quotaOverride: number | null,
): Promise<Result<void>> {
  if (quotaOverride !== null && !(Number.isSafeInteger(quotaOverride) && quotaOverride >= 0)) return fail("invalid_body");
  return (await deps.store.setPlan(orgId, plan, quotaOverride)) ? ok(undefined) : fail("not_found");
}

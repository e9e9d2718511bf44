import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { monthlyQuota, quotaMonth } from "../plans.ts";
import type { Grant, Organization } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { OrganizationStore } from "../store/organizations.ts";

interface PlanUse {
  readonly organization: Organization;
  /** The calendar month (UTC) being counted, `2026-11`. */
  readonly month: string;
  readonly used: number;
  /** The month's quota; null for none. */
  readonly quota: number | null;
}

/** The organization's plan and how much of this month's quota is used. */
export async function readPlan(
  deps: { store: Pick<OrganizationStore, "findOrganization" | "quotaUsed">; clock: Clock },
  grant: Grant,
): Promise<Result<PlanUse>> {
  const allowed = authorize(grant, "organization.read");
  if (!allowed.ok) return allowed;
  const organization = await deps.store.findOrganization(grant.orgId);
  if (!organization) return fail("not_found");
  const { month } = quotaMonth(deps.clock());
  const used = await deps.store.quotaUsed(grant.orgId, month);
  return ok({ organization, month, used, quota: monthlyQuota(organization.plan, organization.quotaOverride) });
}

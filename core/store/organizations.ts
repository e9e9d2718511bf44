import type { Plan } from "../plans.ts";
import type { Organization } from "../model.ts";

/** Organizations, their plans, and how much of its quota each month has used. */
export interface OrganizationStore {
  createOrganization(org: Organization): Promise<void>;
  findOrganization(idOrPrefix: string): Promise<Organization | null>;
  /** Every organization by name, ties by id. */
  listOrganizations(): Promise<Organization[]>;
  setPlan(orgId: string, plan: Plan, quotaOverride: number | null): Promise<boolean>;
  /** Reports counted in the organization's quota for a month (`YYYY-MM`). */
  quotaUsed(orgId: string, month: string): Promise<number>;
}

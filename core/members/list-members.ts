import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant, Role } from "../model.ts";
import type { UserStore } from "../store/users.ts";

interface Member {
  readonly userId: string;
  readonly email: string;
  readonly role: Role;
}

/** The members of the grant's organization and their roles. */
export async function listMembers(deps: { store: Pick<UserStore, "listMembers"> }, grant: Grant): Promise<Result<Member[]>> {
  const allowed = authorize(grant, "organization.read");
  return allowed.ok ? ok(await deps.store.listMembers(grant.orgId)) : allowed;
}

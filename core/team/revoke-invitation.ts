import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { InvitationStore } from "../store/invitations.ts";

/** Revokes a pending invitation: its link opens nothing from now on. */
export async function revokeInvitation(
  deps: { store: Pick<InvitationStore, "revokeInvitation">; clock: Clock },
  grant: Grant,
  id: string,
): Promise<Result<void>> {
  const allowed = authorize(grant, "members.invite");
  if (!allowed.ok) return allowed;
  return (await deps.store.revokeInvitation(grant.orgId, id, deps.clock())) ? ok(undefined) : fail("not_found");
}

import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock } from "../ports.ts";
import type { InvitationStore } from "../store/invitations.ts";
import { type InvitationView, invitationView } from "./invitation-view.ts";

/** The organization's pending invitations (neither used nor revoked), newest first; expired ones say so. */
export async function listInvitations(
  deps: { store: Pick<InvitationStore, "listPendingInvitations">; clock: Clock },
  grant: Grant,
): Promise<Result<InvitationView[]>> {
  const allowed = authorize(grant, "members.invite");
  if (!allowed.ok) return allowed;
  const now = deps.clock();
  return ok((await deps.store.listPendingInvitations(grant.orgId)).map((i) => invitationView(i, now)));
}

import type { JobRequest } from "../feedback/events.ts";
import type { Services } from "../services.ts";
import type { InvitationStore } from "../store/invitations.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { UserStore } from "../store/users.ts";
import { invitationMessage } from "./team-messages.ts";

export type SendInvitationDeps = Pick<Services, "notifier" | "secrets" | "clock"> & {
  readonly store: Pick<InvitationStore, "findInvitation"> & Pick<OrganizationStore, "findOrganization"> & Pick<UserStore, "findUser">;
};

/** Mails an invitation's link (the job its creation queued); one revoked, used or expired meanwhile is not sent. */
export async function sendInvitation(deps: SendInvitationDeps, job: JobRequest): Promise<void> {
  const invitation = job.detail ? await deps.store.findInvitation(job.detail) : null;
  if (!invitation || invitation.revokedAt !== null || invitation.usedAt !== null || invitation.expiresAt <= deps.clock()) return;
  const org = await deps.store.findOrganization(invitation.orgId);
  if (!org) return;
  const inviter = await deps.store.findUser(invitation.invitedBy);
  const words = invitationMessage(invitation.language, {
    orgName: org.name,
    role: invitation.role,
    url: await deps.secrets.open(invitation.linkSealed),
    ...(inviter && { inviter: inviter.name ?? inviter.email }),
  });
  await deps.notifier.send({ to: invitation.email, ...words, messageId: `invitation.${invitation.id}` });
}

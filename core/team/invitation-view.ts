import type { Role } from "../model.ts";
import type { Invitation } from "../store/invitations.ts";

/** An invitation as the API and the settings show it: never its token. */
export interface InvitationView {
  readonly id: string;
  readonly email: string;
  readonly role: Role;
  readonly createdAt: string;
  readonly expiresAt: string;
  /** Pending and past its 7 days: the link no longer opens. */
  readonly expired: boolean;
}

export const invitationView = (invitation: Invitation, now: number): InvitationView => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  createdAt: new Date(invitation.createdAt).toISOString(),
  expiresAt: new Date(invitation.expiresAt).toISOString(),
  expired: invitation.expiresAt <= now,
});

import type { Clock, Digest } from "../ports.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { Invitation, InvitationStore } from "../store/invitations.ts";
import type { OrganizationStore } from "../store/organizations.ts";

/** What an invitation link opens: the invitation, or why it no longer does. */
export type OpenedInvitation =
  | {
      readonly state: "open";
      readonly invitation: Invitation;
      readonly orgName: string;
      /**
       * The person already has an account they must prove is theirs, with its password, instead of
       * choosing one: an account with a password, or one an organization counts on (this one too,
       * should the operator have added them since the invitation). The link proves nothing of the
       * kind (the inviting Admin is handed it), so it never sets the password of someone an
       * organization trusts: a password reset, mailed to them, gives one.
       */
      readonly existingAccount: boolean;
    }
  | { readonly state: "expired" | "used" | "revoked" | "unknown" };

export type OpenInvitationDeps = {
  readonly store: Pick<InvitationStore, "findInvitationByToken"> &
    Pick<OrganizationStore, "findOrganization"> &
    Pick<AccountStore, "findCredentials" | "listMemberships">;
  readonly clock: Clock;
  readonly digest: Digest;
};

/** Reads an invitation link's token. */
export async function openInvitation(deps: OpenInvitationDeps, token: string): Promise<OpenedInvitation> {
  const invitation = token ? await deps.store.findInvitationByToken(deps.digest(token)) : null;
  if (!invitation) return { state: "unknown" };
  if (invitation.revokedAt !== null) return { state: "revoked" };
  if (invitation.usedAt !== null) return { state: "used" };
  if (invitation.expiresAt <= deps.clock()) return { state: "expired" };
  const org = await deps.store.findOrganization(invitation.orgId);
  if (!org) return { state: "unknown" };
  const credentials = await deps.store.findCredentials(invitation.email);
  const countedOn = async (userId: string) => (await deps.store.listMemberships(userId)).length > 0;
  const existingAccount = !!credentials && (!!credentials.passwordHash || (await countedOn(credentials.userId)));
  return { state: "open", invitation, orgName: org.name, existingAccount };
}

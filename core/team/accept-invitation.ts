import { fail, invalid, ok, type Result } from "../errors.ts";
import { login } from "../sessions/login.ts";
import type { Services } from "../services.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { InvitationStore } from "../store/invitations.ts";
import type { PasswordResetStore } from "../store/password-resets.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import type { TeamStore } from "../store/team.ts";
import type { UserStore } from "../store/users.ts";
import { codePoints } from "../schemas/text.ts";
import { createUser } from "../users/create-user.ts";
import { setPassword, strongEnough } from "../users/set-password.ts";
import { type OpenInvitationDeps, openInvitation } from "./open-invitation.ts";

/** The longest name a person gives themselves. */
export const NAME_MAX_LENGTH = 100;

type AcceptDeps = OpenInvitationDeps &
  Pick<Services, "passwords" | "ids"> & {
    readonly store: OpenInvitationDeps["store"] &
      Pick<InvitationStore, "useInvitation"> &
      Pick<UserStore, "findUserByEmail" | "createUser" | "setMembership"> &
      Pick<AccountStore, "setPassword" | "deleteUserSessions" | "listMemberships"> &
      Pick<PasswordResetStore, "closePasswordResets"> &
      Pick<RateLimitStore, "rateCount" | "endedCount" | "hitRateLimit"> &
      Pick<TeamStore, "findTeamSettings" | "saveTeamSettings">;
  };

type Refusal =
  | { readonly ok: false; readonly code: "link"; readonly state: "expired" | "used" | "revoked" | "unknown" }
  | { readonly ok: false; readonly code: "bad_credentials" };

/**
 * Accepts an invitation: a new person gives a name and a password; a person who already has an
 * account proves it with theirs (throttled as a sign-in). The link is used once, then the person
 * is a member of the organization with the invited role (one who joined meanwhile keeps theirs).
 */
export async function acceptInvitation(
  deps: AcceptDeps,
  input: { readonly token: string; readonly name: string; readonly password: string; readonly clientAddress: string },
): Promise<Result<{ readonly userId: string; readonly orgId: string }> | Refusal> {
  const opened = await openInvitation(deps, input.token);
  if (opened.state !== "open") return { ok: false, code: "link", state: opened.state };
  const { invitation } = opened;
  if (opened.existingAccount) {
    const signedIn = await login(deps, { email: invitation.email, password: input.password, clientAddress: input.clientAddress });
    if (!signedIn.ok) return signedIn;
  } else {
    const name = input.name.trim();
    if (!name) return invalid("invalid_body", { field: "name", reason: "missing" });
    if (codePoints(name) > NAME_MAX_LENGTH) return fail("invalid_body");
    if (!strongEnough(input.password)) return fail("weak_password");
  }
  if (!(await deps.store.useInvitation(invitation.id, deps.clock()))) return { ok: false, code: "link", state: "used" };
  const known = await deps.store.findUserByEmail(invitation.email);
  let userId: string;
  if (known) {
    userId = known.id;
    // An account made from the command line without a password gets the one chosen here.
    if (!opened.existingAccount) await setPassword(deps, userId, input.password);
  } else {
    const created = await createUser(deps, { email: invitation.email, name: input.name, password: input.password });
    if (!created.ok) return created;
    userId = created.value.id;
  }
  const member = (await deps.store.listMemberships(userId)).some((m) => m.orgId === invitation.orgId);
  if (!member) await deps.store.setMembership(invitation.orgId, userId, invitation.role);
  // The team's mail speaks the language the person was invited in, until they choose.
  if (!(await deps.store.findTeamSettings(userId))) await deps.store.saveTeamSettings(userId, { digest: false, language: invitation.language });
  return ok({ userId, orgId: invitation.orgId });
}

import { InvitationCreate } from "./schemas.ts";
import { authorize } from "../authorization.ts";
import { EMAIL_FIELD, isEmailShaped, normalizeEmail } from "../email.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { type Grant, ROLES, type Role } from "../model.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import type { Services } from "../services.ts";
import type { InvitationStore } from "../store/invitations.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import type { UserStore } from "../store/users.ts";
import { type InvitationView, invitationView } from "./invitation-view.ts";

/** How long an invitation link opens. */
const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
/**
 * Each invitation mails someone outside the organization from the service's own address: an
 * organization sends so many an hour, and an address receives so many of its invitations an hour
 * (inviting it again mails it again), so that no one uses the service to flood mailboxes. Fifty an
 * hour still lets an Admin bring a whole team in at once. A service that sends no e-mail does not
 * count an address's: its links go only to the Admin who makes them, who may need a new one at
 * once; the organization's still bound the invitations it stores.
 */
export const INVITATIONS_PER_ORGANIZATION = 50;
export const INVITATIONS_PER_EMAIL = 3;

type InviteDeps = Pick<Services, "clock" | "ids" | "digest" | "secrets" | "baseUrl"> & {
  readonly notifier: Pick<Services["notifier"], "delivers">;
  readonly store: Pick<InvitationStore, "createInvitation"> &
    Pick<UserStore, "findUserByEmail" | "listMembers"> &
    Pick<RateLimitStore, "rateCount" | "endedCount" | "hitRateLimit">;
};

/** The page an invitation link opens. */
const invitationUrl = (baseUrl: string, token: string): string => `${baseUrl}/invitation?t=${encodeURIComponent(token)}`;

/**
 * An Admin invites a person by e-mail with a role: a single-use link, valid 7 days, whose token is
 * stored as its digest; the job queued with it mails the link. The link is also returned, once,
 * for the Admin to hand over another way. Inviting an address again replaces its pending
 * invitations: only the latest link (and role) holds, rather than several piling up.
 */
export async function inviteMember(
  deps: InviteDeps,
  grant: Grant,
  input: { readonly email: string; readonly role: string; readonly language: Language },
): Promise<Result<{ readonly invitation: InvitationView; readonly url: string }>> {
  const allowed = authorize(grant, "members.invite");
  if (!allowed.ok) return allowed;
  const email = normalizeEmail(input.email);
  const role = ROLES.find((r): r is Role => r === input.role);
  if (!isEmailShaped(email)) return invalid("invalid_body", { field: "email", reason: "expected", schema: EMAIL_FIELD });
  if (!role) return invalid("invalid_body", { field: "role", reason: "expected", schema: InvitationCreate.properties.role });
  const user = await deps.store.findUserByEmail(email);
  if (user && (await deps.store.listMembers(grant.orgId)).some((m) => m.userId === user.id)) return fail("already_member");
  if (deps.notifier.delivers) {
    const perEmail = await checkRateLimit(deps.store, deps.clock, `invite-email:${grant.orgId}:${email}`, INVITATIONS_PER_EMAIL, HOUR);
    if (!perEmail.ok) return perEmail;
  }
  const perOrganization = await checkRateLimit(deps.store, deps.clock, `invite-org:${grant.orgId}`, INVITATIONS_PER_ORGANIZATION, HOUR);
  if (!perOrganization.ok) return perOrganization;
  const token = deps.ids.secret();
  const url = invitationUrl(deps.baseUrl, token);
  const now = deps.clock();
  const invitation = {
    id: deps.ids.id(),
    orgId: grant.orgId,
    email,
    role,
    tokenHash: deps.digest(token),
    linkSealed: await deps.secrets.seal(url),
    language: input.language,
    invitedBy: grant.userId,
    createdAt: now,
    expiresAt: now + INVITATION_TTL_MS,
    usedAt: null,
    revokedAt: null,
  };
  // The store revokes the address's earlier pending invitations with it, in one transaction.
  await deps.store.createInvitation(invitation, { kind: "send_invitation", orgId: grant.orgId, feedbackId: "", detail: invitation.id });
  return ok({ invitation: invitationView(invitation, now), url });
}

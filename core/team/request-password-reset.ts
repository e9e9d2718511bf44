import { normalizeEmail } from "../email.ts";
import { ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import type { Services } from "../services.ts";
import type { PasswordResetStore } from "../store/password-resets.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import type { UserStore } from "../store/users.ts";

/** How long a reset link opens. */
const RESET_TTL_MS = 30 * 60_000;
const HOUR = 60 * 60_000;
/** Reset requests one client address may make in an hour, whatever the e-mail. */
const RESETS_PER_ADDRESS = 10;
/** Reset links one e-mail address may be sent in an hour, from anywhere: no one floods a mailbox. */
const RESETS_PER_EMAIL = 3;

type RequestResetDeps = Pick<Services, "clock" | "ids" | "digest" | "secrets" | "baseUrl"> & {
  readonly store: Pick<PasswordResetStore, "createPasswordReset"> &
    Pick<UserStore, "findUserByEmail"> &
    Pick<RateLimitStore, "rateCount" | "endedCount" | "hitRateLimit">;
};

/** The page a reset link opens. */
const resetUrl = (baseUrl: string, token: string): string => `${baseUrl}/reset-password?t=${encodeURIComponent(token)}`;

/**
 * "Forgot password": a single-use link valid 30 minutes is made and its job queued to mail it.
 * The answer is the same whether or not the address is known, and takes the same time: for an
 * unknown address a decoy is written and queued the same way (it opens nothing and mails nothing),
 * and nothing is mailed while the request waits. Only the sliding limits, per client address and
 * per e-mail, can refuse.
 */
export async function requestPasswordReset(
  deps: RequestResetDeps,
  input: { readonly email: string; readonly clientAddress: string; readonly language: Language },
): Promise<Result<void>> {
  const email = normalizeEmail(input.email);
  const perAddress = await checkRateLimit(deps.store, deps.clock, `reset-ip:${input.clientAddress}`, RESETS_PER_ADDRESS, HOUR);
  if (!perAddress.ok) return perAddress;
  const perEmail = await checkRateLimit(deps.store, deps.clock, `reset-email:${email}`, RESETS_PER_EMAIL, HOUR);
  if (!perEmail.ok) return perEmail;
  const user = await deps.store.findUserByEmail(email);
  const token = deps.ids.secret();
  const now = deps.clock();
  const id = deps.ids.id();
  await deps.store.createPasswordReset(
    {
      id,
      userId: user?.id ?? null,
      tokenHash: deps.digest(token),
      linkSealed: await deps.secrets.seal(resetUrl(deps.baseUrl, token)),
      language: input.language,
      createdAt: now,
      expiresAt: now + RESET_TTL_MS,
      usedAt: null,
    },
    { kind: "send_password_reset", orgId: "", feedbackId: "", detail: id },
  );
  return ok(undefined);
}

import { normalizeEmail } from "../email.ts";
import { ok, type Result } from "../errors.ts";
import type { Services } from "../services.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";

/** What signing in reads and counts. */
type LoginDeps = Pick<Services, "clock" | "passwords"> & {
  readonly store: Pick<RateLimitStore, "rateCount" | "endedCount" | "hitRateLimit"> & Pick<AccountStore, "findCredentials">;
};
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import { failureBudget } from "../rate-limits/failure-budget.ts";

const MINUTE = 60_000;

/**
 * Failed sign-ins allowed for one e-mail from one address, by window: a delay that grows with the
 * failures (a minute, then a quarter of an hour, then a day), kept per pair so that someone
 * guessing from elsewhere never locks the real person out.
 */
const LOGIN_PAIR_TIERS = [
  { attempts: 5, windowMs: MINUTE },
  { attempts: 10, windowMs: 15 * MINUTE },
  { attempts: 20, windowMs: 24 * 60 * MINUTE },
] as const;
/** Attempts per client address each minute, whatever the e-mail. */
const LOGIN_ATTEMPTS_PER_ADDRESS = 30;

/** Checks an e-mail and password, throttled per address and per e-mail and address, in constant work for unknown e-mails. */
export async function login(
  services: LoginDeps,
  input: { email: string; password: string; clientAddress: string },
): Promise<Result<{ userId: string }> | { ok: false; code: "bad_credentials" }> {
  const email = normalizeEmail(input.email);
  const perAddress = await checkRateLimit(services.store, services.clock, `login-ip:${input.clientAddress}`, LOGIN_ATTEMPTS_PER_ADDRESS);
  if (!perAddress.ok) return perAddress;
  const failures = failureBudget(services.store, `login:${input.clientAddress}:${email}`, LOGIN_PAIR_TIERS, services.clock());
  const allowed = await failures.check();
  if (!allowed.ok) return allowed;
  const credentials = await services.store.findCredentials(email);
  // Verify against a dummy hash when the account is unknown, so timing does not reveal accounts.
  const hasher = services.passwords;
  dummyHash ??= hasher.hash("no account has this password");
  const valid = await hasher.verify(input.password, credentials?.passwordHash ?? (await dummyHash)).catch(() => false);
  if (credentials?.passwordHash && valid) return ok({ userId: credentials.userId });
  await failures.fail();
  return { ok: false, code: "bad_credentials" };
}

/** A real hash of the same cost, computed once, for the unknown-account path. */
let dummyHash: Promise<string> | undefined;

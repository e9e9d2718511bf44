import { ok, type Result } from "../errors.ts";
import type { Services } from "../services.ts";
import { checkRateLimit } from "./check-rate-limit.ts";

/** Attempts per e-mail address and per client address, each minute. */
export const LOGIN_ATTEMPTS_PER_MINUTE = { perEmail: 10, perAddress: 30 };

/** Checks an e-mail and password, throttled per address and per account, in constant work for unknown e-mails. */
export async function login(
  services: Services,
  input: { email: string; password: string; clientAddress: string },
): Promise<Result<{ userId: string }> | { ok: false; code: "bad_credentials" }> {
  const email = input.email.trim().toLowerCase();
  for (const [subject, limit] of [
    [`login:${email}`, LOGIN_ATTEMPTS_PER_MINUTE.perEmail],
    [`login-ip:${input.clientAddress}`, LOGIN_ATTEMPTS_PER_MINUTE.perAddress],
  ] as const) {
    const allowed = await checkRateLimit(services.store, services.clock, subject, limit);
    if (!allowed.ok) return allowed;
  }
  const credentials = await services.store.findCredentials(email);
  // Verify against a dummy hash when the account is unknown, so timing does not reveal accounts.
  const hasher = services.passwords;
  dummyHash ??= hasher.hash("no account has this password");
  const valid = await hasher.verify(input.password, credentials?.passwordHash ?? (await dummyHash)).catch(() => false);
  return credentials?.passwordHash && valid ? ok({ userId: credentials.userId }) : { ok: false, code: "bad_credentials" };
}

/** A real hash of the same cost, computed once, for the unknown-account path. */
let dummyHash: Promise<string> | undefined;

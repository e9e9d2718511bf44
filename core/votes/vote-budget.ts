import { ok, type Result } from "../errors.ts";
import type { Clock } from "../ports.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";

/** Votes one person (an e-mail address) may cast per minute in an organization, relayed or not. */
export const VOTES_PER_EMAIL_PER_MINUTE = 10;
/** Votes one client address may cast per minute on the portals, whoever signed in. */
export const VOTES_PER_ADDRESS_PER_MINUTE = 30;

/**
 * Counts a vote against its budgets (sliding windows shared by every process): the person's, and
 * the client address's when the vote comes from a browser (null for a vote the team relays, whose
 * token has its own budget). `rate_limited` with the seconds to wait when either is spent.
 */
export async function spendVoteBudget(
  services: { readonly store: RateLimitStore; readonly clock: Clock },
  orgId: string,
  email: string,
  address: string | null,
): Promise<Result<void>> {
  const { store, clock } = services;
  if (address !== null) {
    const byAddress = await checkRateLimit(store, clock, `vote-address:${address}`, VOTES_PER_ADDRESS_PER_MINUTE);
    if (!byAddress.ok) return byAddress;
  }
  const byEmail = await checkRateLimit(store, clock, `vote-email:${orgId}:${email}`, VOTES_PER_EMAIL_PER_MINUTE);
  return byEmail.ok ? ok(undefined) : byEmail;
}

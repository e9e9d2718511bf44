import type { Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import type { Services } from "../services.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";

/**
 * Exports one token (or session) may start a minute. An export reads every feedback its filters keep,
 * however many the organization holds: counted as one call of the token's budget (600 a minute), it
 * would let one token read the whole inbox ten times a second.
 */
export const EXPORTS_PER_MINUTE = 10;

/**
 * Spends an export from the budget of the token (or session) asking over the network, before the
 * export is read. The operator's CLI, on the machine itself, exports without one.
 */
export const spendExport = (services: Pick<Services, "clock"> & { readonly store: RateLimitStore }, grant: Grant): Promise<Result<void>> =>
  checkRateLimit(services.store, services.clock, `export:${grant.tokenId}`, EXPORTS_PER_MINUTE);

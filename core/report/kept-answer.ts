import type { SecretBox } from "../ports.ts";
import type { ReportOutcome } from "../model.ts";
import type { IdempotencyStore, StoredAnswer } from "../store/idempotency.ts";
import { statusUrl } from "./report-response.ts";

/**
 * An answer kept under an idempotency key (or as a qualification's ending) gives its report's
 * tracking token back to a retry, so the token cannot be kept as a digest as everywhere else: it is
 * kept sealed with the service's key, and a copy of the store alone opens no tracking page.
 */
const SEALED = "sealed:";

/** The answer as it is kept: its tracking token sealed (beforehand: the store writes it within its transaction). */
export function keptForm(outcome: ReportOutcome, sealedToken: string): ReportOutcome {
  if (outcome.kind !== "recorded") return outcome;
  return { kind: "recorded", body: { ...outcome.body, statusToken: `${SEALED}${sealedToken}`, statusUrl: "" } };
}

/** What opening a kept answer needs: the service's key, and its address for the tracking link. */
export type ReopenDeps = { readonly secrets: Pick<SecretBox, "open">; readonly baseUrl: string };

/** A kept answer as a retry gets it: its tracking token opened, its tracking link made with it. */
export async function reopened(deps: ReopenDeps, kept: StoredAnswer): Promise<StoredAnswer> {
  const { response } = kept;
  // Answers kept before tokens were sealed hold them as they are.
  if (response.kind !== "recorded" || !response.body.statusToken?.startsWith(SEALED) || response.body.statusId === undefined) return kept;
  const token = await deps.secrets.open(response.body.statusToken.slice(SEALED.length));
  const body = { ...response.body, statusToken: token, statusUrl: statusUrl(deps.baseUrl, response.body.statusId, token) };
  return { ...kept, response: { kind: "recorded", body } };
}

/** The answer kept under `key` in `scope`, as a retry gets it; null when none is kept, or no longer. */
export async function keptAnswer(
  deps: ReopenDeps & { readonly store: Pick<IdempotencyStore, "findAnswer"> },
  scope: string,
  key: string,
  now: number,
): Promise<StoredAnswer | null> {
  const kept = await deps.store.findAnswer(scope, key, now);
  return kept && reopened(deps, kept);
}

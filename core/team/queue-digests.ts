import type { Clock } from "../ports.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { TeamStore } from "../store/team.ts";

/** The hour (UTC) from which each day's digests go out. */
export const DIGEST_HOUR_UTC = 7;

/** The day a digest covers, `YYYY-MM-DD` (UTC). */
export const digestDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * Queues, once a day after 07:00 UTC, each organization's digest job; the worker calls it now and
 * then, and every server may: the store queues a day's digest of an organization once. Returns
 * how many were queued by this call.
 */
export async function queueDigests(deps: {
  store: Pick<OrganizationStore, "listOrganizations"> & Pick<TeamStore, "queueDigest">;
  clock: Clock;
}): Promise<number> {
  const now = deps.clock();
  if (new Date(now).getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const day = digestDay(now);
  let queued = 0;
  for (const org of await deps.store.listOrganizations()) {
    if (await deps.store.queueDigest(org.id, day, { kind: "send_digest", orgId: org.id, feedbackId: "", detail: day }, now)) queued++;
  }
  return queued;
}

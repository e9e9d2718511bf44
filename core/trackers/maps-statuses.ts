import { invalid, ok, type Result } from "../errors.ts";
import type { Services } from "../services.ts";

/**
 * Whether a provider's issues move between named workflow states (Linear, Jira), which a status
 * mapping names: GitHub issues carry a `retour:<status>` label, and a bridge the status itself, so
 * a mapping for them is refused rather than kept unread.
 */
export function mapsStatuses(services: Pick<Services, "trackers">, provider: string): boolean {
  return services.trackers[provider]?.mapsStatuses ?? false;
}

/** A status mapping given for a tracker that keeps none: refused, naming the field. */
export function mappingAllowed(services: Pick<Services, "trackers">, provider: string): Result<void> {
  return mapsStatuses(services, provider) ? ok(undefined) : invalid("invalid_body", { field: "statuses", reason: "not_mapped" });
}

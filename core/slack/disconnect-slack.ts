import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { SlackStore } from "../store/slack.ts";

/** Forgets the organization's Slack app: its requests are refused from then on, and nothing is posted. */
export async function disconnectSlack(services: { readonly store: Pick<SlackStore, "removeSlackConnection"> }, grant: Grant): Promise<Result<null>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  await services.store.removeSlackConnection(grant.orgId);
  return ok(null);
}

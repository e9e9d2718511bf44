import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Services } from "../services.ts";
import type { SlackConnection, SlackStore } from "../store/slack.ts";
import { slackRequestUrls } from "./request-urls.ts";

/** What an Admin sees of the Slack app: where reports go and what is posted, never the secrets; and the request URLs to give Slack. */
interface SlackSettings {
  readonly connection: Omit<SlackConnection, "secretsSealed"> | null;
  readonly requestUrls: ReturnType<typeof slackRequestUrls>;
}

export async function readSlackSettings(
  services: Pick<Services, "baseUrl"> & { readonly store: Pick<SlackStore, "findSlackConnection"> },
  grant: Grant,
): Promise<Result<SlackSettings>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const found = await services.store.findSlackConnection(grant.orgId);
  const connection = found && (({ secretsSealed: _, ...shown }) => shown)(found);
  return ok({ connection, requestUrls: slackRequestUrls(services.baseUrl, grant.orgId) });
}

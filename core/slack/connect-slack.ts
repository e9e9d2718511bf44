import { authorize } from "../authorization.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { DeliveryFailure, Grant } from "../model.ts";
import type { SlackAccess, SlackApi, SlackInstallation } from "../ports.ts";
import type { Kind, Severity } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { SlackConnection, SlackStore } from "../store/slack.ts";
import { openSealed } from "../open-sealed.ts";
import { checkCredentials, REFUSAL_OF } from "../refused-credentials.ts";

/** The two secrets of a Slack app: one signs Slack's requests to us, the other calls its Web API. */
interface SlackSecrets {
  readonly signingSecret: string;
  readonly botToken: string;
}

/** What an Admin sets: the secrets, and where reports go and notices are posted. */
interface SlackSetup extends SlackSecrets {
  readonly appId?: string;
  readonly channel?: string;
  readonly kinds?: readonly Kind[];
  readonly minSeverity?: Severity;
  /**
   * The Web API's address for this organization: null for the operator's (SLACK_API_URL); left out,
   * the one stored stays, as the settings page, which does not show it, saves.
   */
  readonly apiUrl?: string | null;
}

/** What was saved, and, when Slack could not be asked whether it takes the bot token, what the attempt said. */
interface Connected {
  readonly connection: SlackConnection;
  /** The name of the app reports go to, when one is chosen: an operator reads it, not its id. */
  readonly appName?: string;
  readonly unchecked?: string;
}

/** Slack secrets are sealed at rest; opening them needs only the service's secret box. */
export type SlackSecretDeps = Pick<Services, "secrets">;

/**
 * Connects (or reconnects) an organization's Slack app; the secrets are sealed before they are
 * stored. A secret left blank keeps the one stored (a form never shows them again), so the first
 * connection needs both. Slack is asked whether it takes the bot token (auth.test): a token it
 * refuses is not saved; when Slack cannot be reached (the machine may be offline), the settings are
 * saved, and the answer says the token went unchecked, as the connection's last failure does until
 * a call to Slack goes through.
 */
export async function connectSlack(
  services: SlackSecretDeps &
    Pick<Services, "clock"> & {
      readonly slack: Pick<SlackApi, "authTest">;
      readonly store: Pick<CatalogStore, "findApp"> & Pick<SlackStore, "setSlackConnection" | "findSlackConnection">;
    },
  grant: Grant,
  setup: SlackSetup,
): Promise<Result<Connected>> {
  const allowed = authorize(grant, "organization.manage");
  if (!allowed.ok) return allowed;
  const current = await services.store.findSlackConnection(grant.orgId);
  // Secrets sealed with a key the store has lost since (secret-key reset) are given again.
  const kept = current ? await openSlackSecrets(services, current) : null;
  const secrets: SlackSecrets = {
    signingSecret: setup.signingSecret.trim() || kept?.signingSecret || "",
    botToken: setup.botToken.trim() || kept?.botToken || "",
  };
  if (!secrets.signingSecret || !secrets.botToken)
    return invalid("invalid_body", { field: secrets.signingSecret ? "botToken" : "signingSecret", reason: "missing" });
  // Every bot token Slack issues starts so; the other secrets of the app's pages, pasted here, would fail every call unseen.
  if (setup.botToken.trim() && !secrets.botToken.startsWith("xoxb-")) return invalid("invalid_body", { field: "botToken", reason: "not_bot_token" });
  const apiUrl = setup.apiUrl === undefined ? current?.apiUrl : setup.apiUrl;
  const app = setup.appId ? await services.store.findApp(grant.orgId, setup.appId) : null;
  if (setup.appId && !app) return fail("not_found");
  // Asked now, or a token Slack refuses would be saved as connected while every notice failed unseen.
  const access: SlackAccess = { botToken: secrets.botToken, ...(apiUrl && { apiUrl }) };
  let installation: SlackInstallation | undefined;
  const checked = await checkCredentials(async () => {
    installation = await services.slack.authTest(access);
  }, [secrets.botToken, secrets.signingSecret]);
  if (checked.verdict === "refused") return invalid("invalid_body", { field: "botToken", reason: REFUSAL_OF[checked.part], said: checked.said });
  // Unchecked, the token kept keeps its workspace; a new one's is learnt when Slack next answers a save.
  const sameToken = current && kept?.botToken === secrets.botToken;
  const workspace = installation ? workspaceOf(installation) : sameToken ? { teamId: current.teamId, enterpriseId: current.enterpriseId } : {};
  const connection: SlackConnection = {
    orgId: grant.orgId,
    secretsSealed: await services.secrets.seal(JSON.stringify(secrets)),
    kinds: setup.kinds ?? [],
    ...(setup.appId && { appId: setup.appId }),
    ...(setup.channel?.trim() && { channel: setup.channel.trim() }),
    ...(setup.minSeverity && { minSeverity: setup.minSeverity }),
    ...(apiUrl && { apiUrl }),
    ...(workspace.teamId && { teamId: workspace.teamId }),
    ...(workspace.enterpriseId && { enterpriseId: workspace.enterpriseId }),
    // Unchecked, it is said as the last failed call until a notice goes through: a reload must not read "Connected".
    ...(checked.verdict === "unreachable" && { lastFailure: { at: services.clock(), error: checked.said, refused: false } }),
  };
  await services.store.setSlackConnection(connection);
  return ok({ connection, ...(app && { appName: app.name }), ...(checked.verdict === "unreachable" && { unchecked: checked.said }) });
}

/**
 * The workspace a connection takes requests from: the token's own, or, installed on a whole
 * Enterprise Grid organization, the organization alone (each of its workspaces is then the app's).
 */
function workspaceOf({ teamId, enterpriseId, enterpriseInstall }: SlackInstallation): Pick<SlackConnection, "teamId" | "enterpriseId"> {
  return { ...(teamId && !enterpriseInstall && { teamId }), ...(enterpriseId && { enterpriseId }) };
}

/** Where the jobs keep the last failure of their calls to Slack: on the organization's connection. */
export const slackFailures = (
  services: { readonly store: Pick<SlackStore, "recordSlackFailure" | "clearSlackFailure"> },
  connection: SlackConnection,
) => ({
  holds: connection.lastFailure !== undefined,
  record: (failure: DeliveryFailure) => services.store.recordSlackFailure(connection.orgId, failure),
  clear: (before: number) => services.store.clearSlackFailure(connection.orgId, before),
});

/** The organization's Slack secrets, opened; null when they were sealed with a key since lost (Slack is then to connect again). */
export async function openSlackSecrets(services: SlackSecretDeps, connection: SlackConnection): Promise<SlackSecrets | null> {
  const opened = await openSealed(services.secrets, connection.secretsSealed);
  return opened === null ? null : (JSON.parse(opened) as SlackSecrets);
}

/** What the Web API is called with for this organization. */
export async function slackAccess(services: SlackSecretDeps, connection: SlackConnection): Promise<SlackAccess> {
  const secrets = await openSlackSecrets(services, connection);
  // Asked for once a request from Slack was verified with these secrets, or for a notice: gone since, the job says why.
  if (!secrets) throw new Error("Slack's secrets no longer open (the key that sealed them is lost): connect Slack again with slack set");
  return { botToken: secrets.botToken, ...(connection.apiUrl && { apiUrl: connection.apiUrl }) };
}

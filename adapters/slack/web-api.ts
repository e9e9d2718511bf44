import { LogLevel, WebAPIPlatformError, WebClient } from "@slack/web-api";
import type { SlackAccess, SlackApi, SlackMessage } from "../../core/ports.ts";
import { CredentialsRefused, type RefusedPart } from "../../core/refused-credentials.ts";

/** A Slack call waits this long at most; the job is then retried later. */
const TIMEOUT_MS = 10_000;
/** views.open answers a request Slack waits 3 seconds for, with a trigger that lives as long: it may not wait longer. */
const VIEW_TIMEOUT_MS = 2_500;

/** Slack's answer that what was asked for does not exist, or is not visible to the app: asking again will not change it. */
const absent = (error: unknown, codes: readonly string[]): boolean => error instanceof WebAPIPlatformError && codes.includes(error.data.error);

/** Slack's answers that it refuses the bot token, or a scope the call needs (https://api.slack.com/methods/auth.test): a new token is needed. */
const REFUSALS: Readonly<Record<string, RefusedPart>> = {
  invalid_auth: "token",
  not_authed: "token",
  account_inactive: "token",
  token_revoked: "token",
  token_expired: "token",
  not_allowed_token_type: "token",
  missing_scope: "permission",
  no_permission: "permission",
};

/** A call's failure, with a refused token said as such (Slack's own words kept: "An API error occurred: token_revoked"). */
function told(error: unknown): unknown {
  const part = error instanceof WebAPIPlatformError ? REFUSALS[error.data.error] : undefined;
  return part && error instanceof Error ? new CredentialsRefused(part, error.message, { cause: error }) : error;
}

/** Where Slack takes answers to a command or shortcut (https://api.slack.com/interactivity/handling#message_responses). */
const SLACK_ANSWERS_ORIGIN = "https://hooks.slack.com";

/**
 * Whether a response_url is Slack's: on its hooks host, or on the Slack the operator points the
 * service at (SLACK_API_URL: a local one in tests), for every organization or for this one (its
 * connection's api-url, which only the operator's CLI sets: the settings page does not take it). A
 * request names its response_url under the organization's signing secret, which its Admin holds, not
 * Slack: another address would have this service post wherever an Admin says (this machine, its
 * network, the cloud's metadata).
 */
function slackAnswerAddresses(defaultApiUrl: string): (responseUrl: string, apiUrl: string | undefined) => boolean {
  const slacks = [SLACK_ANSWERS_ORIGIN, new URL(defaultApiUrl).origin];
  return (responseUrl, apiUrl) => {
    if (!URL.canParse(responseUrl)) return false;
    const origin = new URL(responseUrl).origin;
    return slacks.includes(origin) || (apiUrl !== undefined && URL.canParse(apiUrl) && new URL(apiUrl).origin === origin);
  };
}

/**
 * Slack's Web API through its official client. The client retries nothing: a failed call fails the
 * job, which the durable queue retries with its own backoff, so an outage delays and loses nothing.
 */
export function createSlackApi(defaultApiUrl: string): SlackApi {
  const isSlackAnswerAddress = slackAnswerAddresses(defaultApiUrl);
  const client = (access: SlackAccess, timeout = TIMEOUT_MS) =>
    new WebClient(access.botToken, {
      slackApiUrl: access.apiUrl ? access.apiUrl.replace(/\/?$/, "/") : defaultApiUrl,
      retryConfig: { retries: 0 },
      timeout,
      logLevel: LogLevel.ERROR,
    });
  return {
    async authTest(access) {
      const answer = await client(access)
        .auth.test()
        .catch((error: unknown) => {
          // Any refusal Slack answers auth.test with is about the token; only an unanswered call leaves it unchecked.
          throw error instanceof WebAPIPlatformError ? new CredentialsRefused("token", error.message, { cause: error }) : error;
        });
      return {
        ...(answer.team_id && { teamId: answer.team_id }),
        ...(answer.enterprise_id && { enterpriseId: answer.enterprise_id }),
        enterpriseInstall: answer.is_enterprise_install === true,
      };
    },
    async userInfo(access, userId) {
      const found = await client(access)
        .users.info({ user: userId })
        .catch((error: unknown) => {
          if (absent(error, ["user_not_found", "user_not_visible"])) return { user: undefined };
          throw told(error);
        });
      const user = found.user;
      const name = user?.profile?.real_name || user?.real_name || user?.profile?.display_name || user?.name;
      return { ...(name && { name }), ...(user?.profile?.email && { email: user.profile.email }) };
    },
    async permalink(access, channel, ts) {
      try {
        return (await client(access).chat.getPermalink({ channel, message_ts: ts })).permalink ?? null;
      } catch (error) {
        if (absent(error, ["channel_not_found", "message_not_found"])) return null;
        throw told(error);
      }
    },
    async openView(access, triggerId, view) {
      await client(access, VIEW_TIMEOUT_MS)
        .views.open({ trigger_id: triggerId, view: view as never })
        .catch((error: unknown) => {
          throw told(error);
        });
    },
    async postMessage(access, channel, message) {
      await client(access)
        .chat.postMessage({ channel, text: message.text, ...(message.blocks && { blocks: message.blocks as never }) })
        .catch((error: unknown) => {
          throw told(error);
        });
    },
    async respond(responseUrl, message: SlackMessage, apiUrl) {
      // Dropped as an expired one is: retrying would not make it Slack's.
      if (!isSlackAnswerAddress(responseUrl, apiUrl)) return "expired";
      const answer = await fetch(responseUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ response_type: "ephemeral", ...message }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // A refusal (4xx, such as an expired address) will not change: the answer is dropped; anything else is tried again.
      if (answer.status >= 400 && answer.status < 500) return "expired";
      if (!answer.ok) throw new Error(`Slack's response_url answered ${answer.status}`);
      return "sent";
    },
  };
}

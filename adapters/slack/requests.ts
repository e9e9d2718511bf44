import type { Failure } from "../../core/errors.ts";
import type { Services } from "../../core/services.ts";
import { PICK_APP_CALLBACK, pickedRequest, RECEIPT_MESSAGES } from "../../core/slack/messages.ts";
import { receiveSlackEvent } from "../../core/slack/receive-event.ts";
import { receiveSlackReport } from "../../core/slack/receive-report.ts";
import type { SlackReportRequest } from "../../core/slack/slack-request.ts";
import { verifySlackRequest } from "../../core/slack/verify-request.ts";
import type { SlackWorkspace } from "../../core/slack/workspace.ts";
import type { SlackConnection } from "../../core/store/slack.ts";

/** The message shortcut's callback id, as the app manifest declares it. */
const SHORTCUT_CALLBACK = "send_to_retour";

type Refuse = (request: Request, failure: Failure) => Response;
type Handler = (request: Request) => Promise<Response>;

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
/** Slack takes an empty 200 as "received". */
const received = () => new Response(null, { status: 200 });

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * The workspace an interaction comes from: `team` (null in an Enterprise Grid organization-wide
 * installation's dialogs, where the person's `team_id` still says it) and `enterprise`.
 */
const interactionWorkspace = (payload: Record<string, any>): SlackWorkspace => ({
  teamId: text(payload.team?.id) || text(payload.user?.team_id),
  enterpriseId: text(payload.enterprise?.id),
});

/** The workspace an Events API delivery comes from: its envelope's, else the installation it names (`authorizations`). */
const eventWorkspace = (body: Record<string, any>): SlackWorkspace => ({
  teamId: text(body.team_id) || text(body.authorizations?.[0]?.team_id),
  enterpriseId: text(body.enterprise_id) || text(body.authorizations?.[0]?.enterprise_id),
});

/**
 * Slack's three request URLs, `/integrations/slack/{commands,interactions,events}?org={orgId}`.
 * The organization is named by the URL (Slack's team id is inside the body, which is not read
 * before the signature holds): its signing secret must sign the exact bytes received, within five
 * minutes, or the answer is `401 invalid_signature` and nothing is parsed. The app's signing secret
 * signs for every workspace it is installed in: one the organization did not connect is then
 * answered as Slack expects (200, an ephemeral refusal or nothing) and creates or disconnects nothing.
 */
export function createSlackHandlers(services: Services, refuse: Refuse): Readonly<Record<"commands" | "interactions" | "events", Handler>> {
  const verified =
    (handle: (connection: SlackConnection, raw: string, request: Request) => Promise<Response>): Handler =>
    async (request) => {
      const raw = await request.text();
      const checked = await verifySlackRequest(services, {
        orgId: new URL(request.url).searchParams.get("org") ?? "",
        timestamp: request.headers.get("x-slack-request-timestamp") ?? "",
        signature: request.headers.get("x-slack-signature") ?? "",
        rawBody: raw,
      });
      return checked.ok ? handle(checked.value, raw, request) : refuse(request, checked);
    };

  return {
    // `/retour <text>`: the answer is the HTTP response itself, ephemeral.
    commands: verified(async (connection, raw) => {
      const form = new URLSearchParams(raw);
      const receipt = await receiveSlackReport(
        services,
        connection,
        {
          via: "command",
          text: form.get("text") ?? "",
          userId: form.get("user_id") ?? "",
          ...(form.get("user_name") && { userName: form.get("user_name")! }),
          channel: form.get("channel_id") ?? "",
          triggerId: form.get("trigger_id") ?? "",
          responseUrl: form.get("response_url") ?? "",
        },
        { teamId: form.get("team_id") ?? "", enterpriseId: form.get("enterprise_id") ?? "" },
      );
      return receipt === "picking" ? received() : json({ response_type: "ephemeral", ...RECEIPT_MESSAGES[receipt] });
    }),

    // The "Send to Retour" message shortcut, and the dialog asking which app.
    interactions: verified(async (connection, raw, request) => {
      let payload: Record<string, any>;
      try {
        payload = JSON.parse(new URLSearchParams(raw).get("payload") ?? "");
      } catch {
        return refuse(request, { ok: false, code: "invalid_json" });
      }
      let slackRequest: SlackReportRequest | null = null;
      if (payload.type === "message_action" && payload.callback_id === SHORTCUT_CALLBACK) {
        slackRequest = {
          via: "shortcut",
          text: text(payload.message?.text),
          // The message's author is the report's; a bot's message has none, and then who sent it is.
          userId: text(payload.message?.user) || text(payload.user?.id),
          ...(!payload.message?.user && payload.user?.name && { userName: text(payload.user.name) }),
          channel: text(payload.channel?.id),
          ts: text(payload.message?.ts ?? payload.message_ts),
          triggerId: text(payload.trigger_id),
          responseUrl: text(payload.response_url),
        };
      } else if (payload.type === "view_submission" && payload.view?.callback_id === PICK_APP_CALLBACK) {
        slackRequest = pickedRequest(payload.view);
      }
      if (!slackRequest) return received();
      const receipt = await receiveSlackReport(services, connection, slackRequest, interactionWorkspace(payload));
      // A shortcut is answered only through its response_url; losing this refusal costs nothing (the person may send again).
      if (receipt !== "queued" && receipt !== "picking")
        void services.slack.respond(slackRequest.responseUrl, RECEIPT_MESSAGES[receipt], connection.apiUrl).catch(() => undefined);
      return received();
    }),

    events: verified(async (connection, raw, request) => {
      let body: Record<string, any>;
      try {
        body = JSON.parse(raw);
      } catch {
        return refuse(request, { ok: false, code: "invalid_json" });
      }
      if (body.type === "url_verification") return json({ challenge: text(body.challenge) });
      if (body.type === "event_callback" && text(body.event_id)) {
        const revokedBots = Array.isArray(body.event?.tokens?.bot) ? body.event.tokens.bot.length : 0;
        const event = { eventId: text(body.event_id), type: text(body.event?.type), from: eventWorkspace(body), revokedBots };
        await receiveSlackEvent(services, connection, event);
      }
      return received();
    }),
  };
}

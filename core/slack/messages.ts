import type { AppRecord, FeedbackRecord } from "../model.ts";
import type { SlackMessage } from "../ports.ts";
import type { Status } from "../schemas/feedback.ts";
import type { SlackReportRequest } from "./slack-request.ts";

/** The dialog's callback id, by which its submission comes back. */
export const PICK_APP_CALLBACK = "retour_pick_app";
const PICK_BLOCK = "app";
const PICK_ACTION = "app";
/** Slack keeps at most this many characters of a view's private_metadata. */
const METADATA_MAX = 3000;

/** The request a dialog carries back, cut to what private_metadata holds (a very long message loses its end). */
function metadataOf(request: SlackReportRequest): string {
  const whole = JSON.stringify(request);
  if (whole.length <= METADATA_MAX) return whole;
  // Each character takes its escaped length in JSON: the text keeps as many as the room left holds.
  let room = METADATA_MAX - JSON.stringify({ ...request, text: "", cut: true }).length;
  let kept = "";
  for (const character of request.text) {
    room -= JSON.stringify(character).length - 2;
    if (room < 0) break;
    kept += character;
  }
  return JSON.stringify({ ...request, text: kept, cut: true });
}

/** The dialog asking which app a report is about (views.open). */
export function appPicker(apps: readonly AppRecord[], request: SlackReportRequest): Readonly<Record<string, unknown>> {
  return {
    type: "modal",
    callback_id: PICK_APP_CALLBACK,
    private_metadata: metadataOf(request),
    title: { type: "plain_text", text: "Send to Retour" },
    submit: { type: "plain_text", text: "Send" },
    close: { type: "plain_text", text: "Cancel" },
    blocks: [
      {
        type: "input",
        block_id: PICK_BLOCK,
        label: { type: "plain_text", text: "Which app is it about?" },
        element: {
          type: "static_select",
          action_id: PICK_ACTION,
          options: apps.slice(0, 100).map((a) => ({ text: { type: "plain_text", text: a.name.slice(0, 75) }, value: a.id })),
        },
      },
    ],
  };
}

/** The request a submitted dialog carries, with the app picked; null when it is not the dialog's. */
export function pickedRequest(view: { private_metadata?: unknown; state?: unknown }): SlackReportRequest | null {
  const values = (view.state as { values?: Record<string, Record<string, { selected_option?: { value?: unknown } }>> } | undefined)?.values;
  const appId = values?.[PICK_BLOCK]?.[PICK_ACTION]?.selected_option?.value;
  if (typeof appId !== "string" || typeof view.private_metadata !== "string") return null;
  try {
    return { ...(JSON.parse(view.private_metadata) as SlackReportRequest), appId };
  } catch {
    return null;
  }
}

const ephemeral = (text: string): SlackMessage => ({ text });

/** The answer once the report is recorded (or was already, for a message sent twice). */
export const recordedMessage = (key: string, url: string, replayed: boolean, cut = false): SlackMessage =>
  ephemeral(
    `${replayed ? "Already in Retour" : "Sent to Retour"} as ${key}: ${url}${cut ? " (the message was too long for the dialog: its beginning was kept)" : ""}`,
  );

export const RECEIPT_MESSAGES = {
  queued: ephemeral("Sending to Retour…"),
  other_workspace: ephemeral(
    "This workspace is not connected to Retour: the organization this Slack app sends reports to is connected to another workspace. Nothing was sent.",
  ),
  no_text: ephemeral("Nothing to report: write it after the command (/retour The export button does nothing), or send a message that has text."),
  too_long: ephemeral("Retour takes reports of up to 10,000 characters: this one is longer."),
  no_dialog: ephemeral("Slack did not open the dialog to pick the app: try again in a moment."),
  no_app: ephemeral("Retour has no app to send this to: ask an Admin to create one, or to set the Slack app's default."),
} as const;

export const quotaMessage = ephemeral("Retour did not record this: the organization's monthly quota of reports is used up.");

const STATUS_WORDS: Readonly<Record<Status, string>> = {
  triage: "Triage",
  prioritized: "Prioritized",
  in_development: "In development",
  fixed: "Fixed",
  delivered: "Delivered",
  dismissed: "Dismissed",
};

/** Slack's mrkdwn treats these three characters as markup. */
const escaped = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A notice about a feedback, as Block Kit: its key (a link), title, severity, and what happened. */
export function feedbackNotice(feedback: FeedbackRecord, url: string, news: { readonly status?: Status }): SlackMessage {
  const headline = news.status ? `${feedback.key} is now ${STATUS_WORDS[news.status]}` : `New ${feedback.kind}: ${feedback.key}`;
  const severity = feedback.severity ?? "No severity";
  return {
    text: escaped(`${headline}: ${feedback.title}`),
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*<${url}|${feedback.key}>* ${escaped(feedback.title)}` } },
      {
        type: "context",
        elements: [
          { type: "mrkdwn", text: escaped(news.status ? `Status: ${STATUS_WORDS[news.status]}` : `New ${feedback.kind}`) },
          { type: "mrkdwn", text: `Severity: ${severity}` },
        ],
      },
    ],
  };
}

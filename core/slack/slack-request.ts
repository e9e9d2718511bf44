import type { Kind } from "../schemas/feedback.ts";

/** A report sent from Slack, as the command or the message shortcut gave it. */
export interface SlackReportRequest {
  readonly via: "command" | "shortcut";
  readonly text: string;
  /** The Slack user who sent it (the command's author, or the message's for a shortcut). */
  readonly userId: string;
  readonly userName?: string;
  readonly channel: string;
  /** The message's timestamp, for a shortcut; a command has no message. */
  readonly ts?: string;
  readonly triggerId: string;
  readonly responseUrl: string;
  /** The app picked in the dialog, when the organization has several and no default. */
  readonly appId?: string;
}

/**
 * `slack:{channel}:{ts}`: one message sent twice is one report. A command has no message: the
 * trigger Slack gives each invocation stands for its timestamp.
 */
export const slackIdempotencyKey = (request: SlackReportRequest): string => `slack:${request.channel}:${request.ts ?? request.triggerId}`;

const KIND_PREFIX = /^(problem|bug|idea|praise)\s*:\s*/i;
const KIND_OF: Readonly<Record<string, Kind>> = { problem: "problem", bug: "problem", idea: "idea", praise: "praise" };

/** `/retour idea: …` says its kind; without a prefix a report from Slack is a problem. */
export function kindAndMessage(text: string): { kind: Kind; message: string } {
  const prefix = KIND_PREFIX.exec(text.trim());
  if (!prefix) return { kind: "problem", message: text.trim() };
  return { kind: KIND_OF[prefix[1]!.toLowerCase()]!, message: text.trim().slice(prefix[0].length).trim() };
}

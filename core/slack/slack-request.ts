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
  /** Set when the text was cut to pass through the dialog (Slack keeps 3,000 characters of its metadata). */
  readonly cut?: true;
}

/**
 * `slack:{channel}:{ts}`: one message sent twice is one report. A command has no message: the
 * trigger Slack gives each invocation stands for its timestamp.
 */
export const slackIdempotencyKey = (request: SlackReportRequest): string => `slack:${request.channel}:${request.ts ?? request.triggerId}`;

/**
 * A Slack message as a person reads it: Slack's markup of links, mentions and channels
 * (`<https://x|label>`, `<@U123>`, `<#C123|general>`, `<!here>`) in words, its three escapes undone.
 */
function plainText(text: string): string {
  return text
    .replace(/<([^<>|]+)(?:\|([^<>]*))?>/g, (_, target: string, label: string | undefined) => {
      if (target.startsWith("@")) return label ? `@${label.replace(/^@/, "")}` : target;
      if (target.startsWith("#")) return `#${label || target.slice(1)}`;
      if (target.startsWith("!")) return label || `@${target.slice(1).split("^")[0]}`;
      if (target.startsWith("mailto:")) return label || target.slice("mailto:".length);
      return label && label !== target ? `${label} (${target})` : target;
    })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const KIND_PREFIX = /^(problem|bug|idea|praise)\s*:\s*/i;
const KIND_OF: Readonly<Record<string, Kind>> = { problem: "problem", bug: "problem", idea: "idea", praise: "praise" };

/** `/retour idea: …` says its kind; without a prefix a report from Slack is a problem. The message is in plain text. */
export function kindAndMessage(text: string): { kind: Kind; message: string } {
  const plain = plainText(text).trim();
  const prefix = KIND_PREFIX.exec(plain);
  if (!prefix) return { kind: "problem", message: plain };
  return { kind: KIND_OF[prefix[1]!.toLowerCase()]!, message: plain.slice(prefix[0].length).trim() };
}

import { TITLE_MAX_LENGTH } from "../schemas/triage.ts";

const MAX_TITLE = 80;

/** A line of text cut to `max` characters at a word boundary where one is near, with an ellipsis. */
function shortened(line: string, max: number): string {
  const characters = [...line];
  if (characters.length <= max) return line;
  const cut = characters.slice(0, max - 1).join("");
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * A plain title from the message: its first sentence, cut at a word boundary. Used by the offline
 * assistant and whenever a remote assistant cannot write one.
 */
export function titleFromMessage(message: string): string {
  const firstLine = message.trim().split(/\r?\n/)[0] ?? "";
  const sentence = firstLine.split(/(?<=[.!?])\s/)[0] ?? firstLine;
  const clean = sentence.replace(/\s+/g, " ").trim();
  if ([...clean].length <= MAX_TITLE) return clean.replace(/[.!?]+$/, "") || clean;
  return shortened(clean, MAX_TITLE);
}

/**
 * A new feedback's title: the one its report gives, on one line and no longer than a title the team
 * may set (the report keeps it whole), or the one drawn from its message when it gives none or a blank one.
 */
export function initialTitle(report: { readonly title?: string; readonly message: string }): string {
  const given = report.title?.replace(/\s+/g, " ").trim();
  return given ? shortened(given, TITLE_MAX_LENGTH) : titleFromMessage(report.message);
}

const MAX_TITLE = 80;

/**
 * A plain title from the message: its first sentence, cut at a word boundary. Used by the offline
 * assistant and whenever a remote assistant cannot write one.
 */
export function titleFromMessage(message: string): string {
  const firstLine = message.trim().split(/\r?\n/)[0] ?? "";
  const sentence = firstLine.split(/(?<=[.!?])\s/)[0] ?? firstLine;
  const clean = sentence.replace(/\s+/g, " ").trim();
  if (clean.length <= MAX_TITLE) return clean.replace(/[.!?]+$/, "") || clean;
  const cut = clean.slice(0, MAX_TITLE - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 40 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A new feedback's title: the one its report gives, or the one drawn from its message. */
export const initialTitle = (report: { readonly title?: string; readonly message: string }): string =>
  report.title ?? titleFromMessage(report.message);

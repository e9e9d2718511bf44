import type { Language } from "../language.ts";

/**
 * The words of a team's public reply sent to a follower, in the follower's language: who answered,
 * what, and where to follow. The feedback is named by the title it shows the follower; without one
 * that is theirs to read (`title` null, see titleShownTo), as their report to its reporter, by its key to others.
 */
export function replyMessage(
  language: Language,
  input: {
    name?: string;
    author: string;
    title: string | null;
    reporter: boolean;
    feedbackKey: string;
    text: string;
    followUrl?: string;
    unsubscribeUrl: string;
  },
): { subject: string; text: string } {
  const { title, feedbackKey: key } = input;
  if (language === "fr") {
    return {
      subject: `Nouvelle réponse\u202f: ${title ?? (input.reporter ? `votre signalement ${key}` : key)}`,
      text: [
        `Bonjour${input.name ? ` ${input.name}` : ""},`,
        "",
        `${input.author} a répondu à propos de ${title !== null ? `«\u202f${title}\u202f»` : input.reporter ? `votre signalement (${key})` : key}\u202f:`,
        "",
        input.text,
        ...(input.followUrl ? ["", `Suivre et répondre\u202f: ${input.followUrl}`] : []),
        "",
        `Ne plus recevoir de nouvelles de ce sujet\u202f: ${input.unsubscribeUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `New reply: ${title ?? (input.reporter ? `your report ${key}` : key)}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`,
      "",
      `${input.author} replied about ${title !== null ? `"${title}"` : input.reporter ? `your report (${key})` : key}:`,
      "",
      input.text,
      ...(input.followUrl ? ["", `Follow and answer: ${input.followUrl}`] : []),
      "",
      `Stop receiving news about this: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}

import type { Language } from "../language.ts";
import { type FollowerName, namingFor } from "./follower-name.ts";

/**
 * The words of a team's public reply sent to a follower, in the follower's language: who answered,
 * what, and where to follow. The feedback is named as every message to a follower names it (namingFor).
 */
export function replyMessage(
  language: Language,
  input: FollowerName & {
    name?: string;
    author: string;
    feedbackKey: string;
    text: string;
    followUrl?: string;
    unsubscribeUrl: string;
  },
): { subject: string; text: string } {
  const naming = namingFor(language, input, input.feedbackKey);
  if (language === "fr") {
    return {
      subject: `Nouvelle réponse\u202f: ${naming.alone}`,
      text: [
        `Bonjour${input.name ? ` ${input.name}` : ""},`,
        "",
        `${input.author} a répondu à propos de ${naming.quoted}\u202f:`,
        "",
        input.text,
        ...(input.followUrl ? ["", `Suivre et répondre\u202f: ${input.followUrl}`] : []),
        "",
        `Ne plus recevoir de nouvelles de ce sujet\u202f: ${input.unsubscribeUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `New reply: ${naming.alone}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`,
      "",
      `${input.author} replied about ${naming.quoted}:`,
      "",
      input.text,
      ...(input.followUrl ? ["", `Follow and answer: ${input.followUrl}`] : []),
      "",
      `Stop receiving news about this: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}

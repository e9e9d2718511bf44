import type { Language } from "../language.ts";

/** The words of a team's public reply sent to a follower, in the follower's language: who answered, what, and where to follow. */
export function replyMessage(
  language: Language,
  input: { name?: string; author: string; title: string; text: string; followUrl?: string; unsubscribeUrl: string },
): { subject: string; text: string } {
  if (language === "fr") {
    return {
      subject: `Nouvelle réponse\u202f: ${input.title}`,
      text: [
        `Bonjour${input.name ? ` ${input.name}` : ""},`,
        "",
        `${input.author} a répondu à propos de «\u202f${input.title}\u202f»\u202f:`,
        "",
        input.text,
        ...(input.followUrl ? ["", `Suivre et répondre\u202f: ${input.followUrl}`] : []),
        "",
        `Ne plus recevoir de nouvelles de ce sujet\u202f: ${input.unsubscribeUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `New reply: ${input.title}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`,
      "",
      `${input.author} replied about "${input.title}":`,
      "",
      input.text,
      ...(input.followUrl ? ["", `Follow and answer: ${input.followUrl}`] : []),
      "",
      `Stop receiving news about this: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}

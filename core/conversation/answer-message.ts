import type { Language } from "../language.ts";

/**
 * The words of the e-mail that tells a member of the team a reporter answered, in the member's
 * language; it ends, as the team's other mail does, with the account page where they choose what they receive.
 */
export function answerMessage(
  language: Language,
  input: { reporter?: string; key: string; title: string; text: string; feedbackUrl: string; settingsUrl: string },
): { subject: string; text: string } {
  const quoted = input.text.split("\n").map((line) => `> ${line}`);
  if (language === "fr") {
    return {
      subject: `Réponse sur ${input.key}\u202f: ${input.title}`,
      text: [
        `${input.reporter ?? "La personne qui l’a signalé"} a répondu sur ${input.key} («\u202f${input.title}\u202f») depuis sa page de suivi\u202f:`,
        "",
        ...quoted,
        "",
        `Ouvrir le retour\u202f: ${input.feedbackUrl}`,
        "",
        `Vos notifications\u202f: ${input.settingsUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `Reply on ${input.key}: ${input.title}`,
    text: [
      `${input.reporter ?? "The reporter"} answered on ${input.key}, "${input.title}", from their tracking page:`,
      "",
      ...quoted,
      "",
      `Open the feedback: ${input.feedbackUrl}`,
      "",
      `Your notifications: ${input.settingsUrl}`,
    ].join("\n"),
  };
}

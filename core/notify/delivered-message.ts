import type { Language } from "../language.ts";

/**
 * The words of the "delivered" notification, in the follower's language: the reporter's tracking link,
 * or a voter's portal page. Only a reporter (the one with a tracking link) is told it is what they
 * reported; a voter or a member who follows it is told it is what they followed. Without a title
 * that is theirs to read (`title` null, see titleShownTo), it is "your report" and its key to a
 * reporter, its key to others.
 */
export function deliveredMessage(
  language: Language,
  input: { name?: string; title: string | null; feedbackKey: string; trackingUrl?: string; pageUrl?: string; unsubscribeUrl: string },
): { subject: string; text: string } {
  const reporter = input.trackingUrl !== undefined;
  const { title, feedbackKey: key } = input;
  if (language === "fr") {
    return {
      subject: `Livré\u202f: ${title ?? (reporter ? `votre signalement ${key}` : key)}`,
      text: [
        `Bonjour${input.name ? ` ${input.name}` : ""},`,
        "",
        `${reporter ? "Ce que vous aviez signalé" : "Ce que vous suiviez"} est maintenant livré${title === null ? "" : `\u202f: «\u202f${title}\u202f»`} (${key}).`,
        "Merci de nous avoir aidés à améliorer l'application.",
        ...(input.trackingUrl ? ["", `Suivre votre signalement\u202f: ${input.trackingUrl}`] : []),
        ...(input.pageUrl ? ["", `Le voir sur le portail\u202f: ${input.pageUrl}`] : []),
        "",
        `Ne plus recevoir de nouvelles de ${reporter ? "ce signalement" : key}\u202f: ${input.unsubscribeUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `Delivered: ${title ?? (reporter ? `your report ${key}` : key)}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`,
      "",
      `${reporter ? "What you reported" : "What you followed"} is now delivered${title === null ? "" : `: "${title}"`} (${key}).`,
      "Thank you for helping us improve the app.",
      ...(input.trackingUrl ? ["", `Follow your report: ${input.trackingUrl}`] : []),
      ...(input.pageUrl ? ["", `See it on the portal: ${input.pageUrl}`] : []),
      "",
      `Stop receiving news about ${reporter ? "this report" : key}: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}

import type { Language } from "../language.ts";

/**
 * The words of the "delivered" notification, in the follower's language: the reporter's tracking link,
 * or a voter's portal page. Only a reporter (the one with a tracking link) is told it is what they
 * reported; a voter or a member who follows it is told it is what they followed.
 */
export function deliveredMessage(
  language: Language,
  input: { name?: string; title: string; feedbackKey: string; trackingUrl?: string; pageUrl?: string; unsubscribeUrl: string },
): { subject: string; text: string } {
  const reporter = input.trackingUrl !== undefined;
  if (language === "fr") {
    return {
      subject: `Livré\u202f: ${input.title}`,
      text: [
        `Bonjour${input.name ? ` ${input.name}` : ""},`,
        "",
        `${reporter ? "Ce que vous aviez signalé" : "Ce que vous suiviez"} est maintenant livré\u202f: «\u202f${input.title}\u202f» (${input.feedbackKey}).`,
        "Merci de nous avoir aidés à améliorer l'application.",
        ...(input.trackingUrl ? ["", `Suivre votre signalement\u202f: ${input.trackingUrl}`] : []),
        ...(input.pageUrl ? ["", `Le voir sur le portail\u202f: ${input.pageUrl}`] : []),
        "",
        `Ne plus recevoir de nouvelles de ${reporter ? "ce signalement" : input.feedbackKey}\u202f: ${input.unsubscribeUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `Delivered: ${input.title}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`,
      "",
      `${reporter ? "What you reported" : "What you followed"} is now delivered: "${input.title}" (${input.feedbackKey}).`,
      "Thank you for helping us improve the app.",
      ...(input.trackingUrl ? ["", `Follow your report: ${input.trackingUrl}`] : []),
      ...(input.pageUrl ? ["", `See it on the portal: ${input.pageUrl}`] : []),
      "",
      `Stop receiving news about ${reporter ? "this report" : input.feedbackKey}: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}

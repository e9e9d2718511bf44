import type { Language } from "../language.ts";
import { type FollowerName, namingFor } from "./follower-name.ts";

/**
 * The words of the "delivered" notification, in the follower's language, with the reporter's
 * tracking link or a voter's portal page. A reporter is told it is what they reported; a voter or a
 * member who follows it, that it is what they followed. It is named as every message to a follower
 * names it (namingFor), and thanks them for helping with the app by its name: the mail comes from the
 * service's sender, so the app's name is what tells the person who is writing to them.
 */
export function deliveredMessage(
  language: Language,
  input: FollowerName & { name?: string; appName?: string; feedbackKey: string; trackingUrl?: string; pageUrl?: string; unsubscribeUrl: string },
): { subject: string; text: string } {
  const { title, reporter, feedbackKey: key } = input;
  const naming = namingFor(language, input, key);
  if (language === "fr") {
    return {
      subject: `Livré\u202f: ${naming.alone}`,
      text: [
        `Bonjour${input.name ? ` ${input.name}` : ""},`,
        "",
        `${reporter ? "Ce que vous aviez signalé" : "Ce que vous suiviez"} est maintenant livré${title === null ? "" : `\u202f: ${naming.quoted}`} (${key}).`,
        `Merci de nous avoir aidés à améliorer ${input.appName ?? "l’application"}.`,
        ...(input.trackingUrl ? ["", `Suivre votre signalement\u202f: ${input.trackingUrl}`] : []),
        ...(input.pageUrl ? ["", `Le voir sur le portail\u202f: ${input.pageUrl}`] : []),
        "",
        `Ne plus recevoir de nouvelles de ${reporter ? "ce signalement" : key}\u202f: ${input.unsubscribeUrl}`,
      ].join("\n"),
    };
  }
  return {
    subject: `Delivered: ${naming.alone}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`,
      "",
      `${reporter ? "What you reported" : "What you followed"} is now delivered${title === null ? "" : `: ${naming.quoted}`} (${key}).`,
      `Thank you for helping us improve ${input.appName ?? "the app"}.`,
      ...(input.trackingUrl ? ["", `Follow your report: ${input.trackingUrl}`] : []),
      ...(input.pageUrl ? ["", `See it on the portal: ${input.pageUrl}`] : []),
      "",
      `Stop receiving news about ${reporter ? "this report" : key}: ${input.unsubscribeUrl}`,
    ].join("\n"),
  };
}

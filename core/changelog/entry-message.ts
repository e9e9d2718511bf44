import type { Language } from "../language.ts";
import { type FollowerName, namingFor } from "../notify/follower-name.ts";

/** One feedback of the entry that the person follows, by its public face, with the link that stops its news. */
interface Followed extends FollowerName {
  readonly key: string;
  /** Its page on the portal, when published there. */
  readonly page?: string;
  readonly unsubscribeUrl: string;
}

/**
 * The words of a changelog announcement, in the person's language: the entry as written, and what of
 * theirs it ships, each by its key and named as every message to a follower names it (namingFor).
 */
export function entryMessage(
  language: Language,
  input: { name?: string; title: string; body: string; followed: readonly Followed[]; trackingUrl?: string },
): { subject: string; text: string } {
  const fr = language === "fr";
  const body = input.body.trim() ? ["", input.body.trim()] : [];
  const followed = input.followed.flatMap((f) => {
    const name = namingFor(language, f, f.key).afterKey;
    return [`- ${f.key}${name === null ? "" : `${fr ? "\u202f: " : ": "}${name}`}`, ...(f.page ? [`  ${f.page}`] : [])];
  });
  const stops = input.followed.map((f) =>
    fr ? `Ne plus recevoir de nouvelles de ${f.key}\u202f: ${f.unsubscribeUrl}` : `Stop receiving news about ${f.key}: ${f.unsubscribeUrl}`,
  );
  if (fr) {
    return {
      subject: `Nouveauté\u202f: ${input.title}`,
      text: [
        `Bonjour${input.name ? ` ${input.name}` : ""},`,
        "",
        `Ce que vous attendiez est livré\u202f: «\u202f${input.title}\u202f».`,
        ...body,
        "",
        input.followed.length > 1 ? "Cela répond aux demandes que vous suiviez\u202f:" : "Cela répond à la demande que vous suiviez\u202f:",
        ...followed,
        ...(input.trackingUrl ? ["", `Suivre votre signalement\u202f: ${input.trackingUrl}`] : []),
        "",
        ...stops,
      ].join("\n"),
    };
  }
  return {
    subject: `New: ${input.title}`,
    text: [
      `Hello${input.name ? ` ${input.name}` : ""},`,
      "",
      `What you were waiting for has shipped: "${input.title}".`,
      ...body,
      "",
      input.followed.length > 1 ? "It answers the requests you followed:" : "It answers the request you followed:",
      ...followed,
      ...(input.trackingUrl ? ["", `Follow your report: ${input.trackingUrl}`] : []),
      "",
      ...stops,
    ].join("\n"),
  };
}

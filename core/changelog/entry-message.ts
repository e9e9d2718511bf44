import type { Language } from "../language.ts";
import { type FollowerName, namingFor } from "../notify/follower-name.ts";

/** One feedback of the entry that the person follows, by its public face, with the link that stops its news. */
interface Followed extends FollowerName {
  readonly key: string;
  /** Its page on the portal, when published there. */
  readonly page?: string;
  readonly unsubscribeUrl: string;
}

/** The entry's body as the Markdown port renders it: plain prose for the text part, safe HTML for the HTML one. */
interface RenderedBody {
  readonly text: string;
  readonly html: string;
}

interface Announcement {
  readonly name?: string;
  readonly title: string;
  readonly body: RenderedBody;
  readonly followed: readonly Followed[];
  readonly trackingUrl?: string;
}

/**
 * The words of an announcement, plain text, in each language (French puts a narrow no-break space
 * before its colons). The subject quotes the entry's title and puts no colon of its own before it,
 * so a title that holds one ("Invoices: PDF export") does not read as two labels stacked.
 */
const WORDS = {
  en: {
    colon: ": ",
    subject: (title: string) => `"${title}" has shipped`,
    hello: (name?: string) => `Hello${name ? ` ${name}` : ""},`,
    shipped: (title: string) => `What you were waiting for has shipped: "${title}".`,
    answers: (several: boolean) => (several ? "It answers the requests you followed:" : "It answers the request you followed:"),
    follow: "Follow your report",
    stop: (key: string) => `Stop receiving news about ${key}`,
  },
  fr: {
    colon: "\u202f: ",
    // "Disponible" agrees with any title, of either gender.
    subject: (title: string) => `«\u202f${title}\u202f» est disponible`,
    hello: (name?: string) => `Bonjour${name ? ` ${name}` : ""},`,
    shipped: (title: string) => `Ce que vous attendiez est livré\u202f: «\u202f${title}\u202f».`,
    answers: (several: boolean) =>
      several ? "Cela répond aux demandes que vous suiviez\u202f:" : "Cela répond à la demande que vous suiviez\u202f:",
    follow: "Suivre votre signalement",
    stop: (key: string) => `Ne plus recevoir de nouvelles de ${key}`,
  },
} as const;

type Words = (typeof WORDS)[Language];

/** Each feedback followed as its line names it: its key, then its name where the key alone does not say it (namingFor). */
const followedLines = (language: Language, w: Words, input: Announcement) =>
  input.followed.map((f) => {
    const name = namingFor(language, f, f.key).afterKey;
    return { ...f, line: `${f.key}${name === null ? "" : `${w.colon}${name}`}` };
  });

function asText(language: Language, w: Words, input: Announcement): string {
  const followed = followedLines(language, w, input).flatMap((f) => [`- ${f.line}`, ...(f.page ? [`  ${f.page}`] : [])]);
  return [
    w.hello(input.name),
    "",
    w.shipped(input.title),
    ...(input.body.text ? ["", input.body.text] : []),
    "",
    w.answers(input.followed.length > 1),
    ...followed,
    ...(input.trackingUrl ? ["", `${w.follow}${w.colon}${input.trackingUrl}`] : []),
    "",
    ...input.followed.map((f) => `${w.stop(f.key)}${w.colon}${f.unsubscribeUrl}`),
  ].join("\n");
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escaped = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const anchor = (href: string, text: string): string => `<a href="${escaped(href)}">${escaped(text)}</a>`;

/** How the entry's code and quotations stand apart, where a mail client keeps a document's style (most do; the rest show them plain). */
const BODY_STYLE =
  "pre,code{background:#f3f4f6;border-radius:4px}pre{padding:.75em;overflow-x:auto}code{padding:0 .2em}pre code{padding:0}" +
  "blockquote{margin:1em 0;padding-left:1em;border-left:3px solid #d1d5db;color:#4b5563}";

/** The same message as an HTML document: every text escaped but the body, which the Markdown port made safe. */
function asHtml(language: Language, w: Words, input: Announcement): string {
  const followed = followedLines(language, w, input).map((f) => `<li>${f.page ? anchor(f.page, f.line) : escaped(f.line)}</li>`);
  const stops = input.followed.map((f) => anchor(f.unsubscribeUrl, w.stop(f.key)));
  return `<!DOCTYPE html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escaped(w.subject(input.title))}</title>
<style>${BODY_STYLE}</style></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;line-height:1.5;max-width:40em">
<p>${escaped(w.hello(input.name))}</p>
<p>${escaped(w.shipped(input.title))}</p>
${input.body.html ? `<div>${input.body.html}</div>\n` : ""}<p>${escaped(w.answers(input.followed.length > 1))}</p>
<ul>${followed.join("")}</ul>
${input.trackingUrl ? `<p>${anchor(input.trackingUrl, w.follow)}</p>\n` : ""}<p style="font-size:0.875em;color:#555">${stops.join("<br>")}</p>
</body></html>
`;
}

/**
 * A changelog announcement, in the person's language, as plain text and as HTML: the entry's body,
 * and what of theirs it ships, each by its key and named as every message to a follower names it
 * (namingFor), each with the link that stops its news.
 */
export function entryMessage(language: Language, input: Announcement): { subject: string; text: string; html: string } {
  const w = WORDS[language];
  return { subject: w.subject(input.title), text: asText(language, w, input), html: asHtml(language, w, input) };
}

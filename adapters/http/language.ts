import type { Language } from "../../core/language.ts";

/** Picks English or French from Accept-Language by quality; English when nothing matches. */
function negotiateLanguage(header: string | null): Language {
  if (!header) return "en";
  let best: { language: Language; q: number } = { language: "en", q: 0 };
  for (const part of header.split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
    const language = tag.startsWith("fr") ? "fr" : tag.startsWith("en") || tag === "*" ? "en" : null;
    if (language && q > best.q) best = { language, q };
  }
  return best.language;
}

/** The language a reader chose with a public page's switch (`?lang=`), if any. */
export function chosenLanguage(request: Request): Language | null {
  const asked = new URL(request.url).searchParams.get("lang");
  return asked === "fr" || asked === "en" ? asked : null;
}

/** The language of a request's messages and errors: French with `Accept-Language: fr`, else English (SPEC, Language of messages). */
export const acceptedLanguage = (request: Request): Language => negotiateLanguage(request.headers.get("accept-language"));

/** A public page's language: the one chosen with `?lang=`, else Accept-Language. */
export const requestLanguage = (request: Request): Language => chosenLanguage(request) ?? acceptedLanguage(request);

import type { Language } from "../../../core/language.ts";
import { type Html, html } from "../html.ts";

/**
 * The addresses a portal page links to. A language the reader chose with the switch (`?lang=`)
 * goes along on every link and form, so that it holds from page to page; a page in the browser's
 * language says nothing, so its links stay the canonical ones.
 */
export function portalLinks(slug: string, chosen: Language | null) {
  const home = `/p/${encodeURIComponent(slug)}`;
  const withLanguage = (path: string, params: Record<string, string | undefined> = {}): string => {
    const all: Record<string, string | undefined> = { ...params, lang: chosen ?? undefined };
    const query = new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => Boolean(e[1])));
    return query.size > 0 ? `${path}?${query}` : path;
  };
  return {
    home,
    board: (params: Record<string, string | undefined> = {}) => withLanguage(home, params),
    roadmap: () => withLanguage(`${home}/roadmap`),
    feedback: (key: string, params: Record<string, string | undefined> = {}) => withLanguage(`${home}/${encodeURIComponent(key)}`, params),
    changelog: () => withLanguage(`${home}/changelog`),
    /**
     * The changelog's Atom feed, always in the page's language, even one that came from the browser:
     * a feed reader sends no Accept-Language of its reader's, so only the address can carry it.
     */
    changelogFeed: (language: Language) => `${home}/changelog.atom?lang=${language}`,
    /** The sign-in page, coming back to `next` (a page of this portal) once signed in. */
    signIn: (next: string) => withLanguage(`${home}/sign-in`, { next: next === home ? undefined : next }),
    signOut: () => withLanguage(`${home}/sign-out`),
    vote: (key: string) => withLanguage(`${home}/${encodeURIComponent(key)}/vote`),
    comment: (key: string) => withLanguage(`${home}/${encodeURIComponent(key)}/comment`),
    post: (params: Record<string, string | undefined> = {}) => withLanguage(`${home}/new`, params),
    /** The hidden field a GET form of the page carries for the chosen language. */
    languageField: (): Html | string => (chosen ? html`<input type="hidden" name="lang" value="${chosen}">` : ""),
  };
}

export type PortalLinks = ReturnType<typeof portalLinks>;

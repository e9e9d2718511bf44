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
    /**
     * The sign-in page, coming back to `page` (a page of this portal, with `params`) once signed in,
     * in the language chosen: read in one language, the portal stays in it there and back.
     */
    signIn: (page: string, params: Record<string, string | undefined> = {}) => {
      const next = withLanguage(page, params);
      return withLanguage(`${home}/sign-in`, { next: next === home ? undefined : next });
    },
    signOut: () => withLanguage(`${home}/sign-out`),
    vote: (key: string) => withLanguage(`${home}/${encodeURIComponent(key)}/vote`),
    comment: (key: string) => withLanguage(`${home}/${encodeURIComponent(key)}/comment`),
    post: (params: Record<string, string | undefined> = {}) => withLanguage(`${home}/new`, params),
    /** The hidden field a GET form of the page carries for the chosen language. */
    languageField: (): Html | string => (chosen ? html`<input type="hidden" name="lang" value="${chosen}">` : ""),
  };
}

/** What may follow a portal's home in a page to come back to, the chosen language aside (see pageToReturnTo). */
const RETURN_PAGE = /^(\?appId=[A-Za-z0-9_-]+|\/[A-Za-z0-9_-]+(\?to=(vote|comment))?)?$/;

/**
 * Where to go after signing in: a page of the same portal only (never another site, nor another
 * portal). A feedback's page may be asked `?to=vote` or `?to=comment`: its vote box or its comment
 * box sent the person to sign in. The board may be asked with one app's ideas (`?appId=`): the
 * widget's sign-in sends the person back to the ideas it listed, each one press from its vote.
 * Any of them may end with the language the
 * person chose, as portalLinks adds it, so that they come back to the page they read. Read in one
 * pass: `asked` is anyone's, as long as a form's body.
 */
export function pageToReturnTo(slug: string, asked: string): string {
  const { home } = portalLinks(slug, null);
  if (!asked.startsWith(home)) return home;
  const rest = asked.slice(home.length);
  const language = /[?&]lang=(?:en|fr)$/.exec(rest);
  const page = language ? rest.slice(0, language.index) : rest;
  // `?lang=` starts the query, `&lang=` follows one.
  const joined = !language || (language[0][0] === "&") === page.includes("?");
  return joined && RETURN_PAGE.test(page) ? asked : home;
}

export type PortalLinks = ReturnType<typeof portalLinks>;

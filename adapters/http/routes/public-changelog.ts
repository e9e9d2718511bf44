import { Elysia } from "elysia";
import { readPublicChangelog } from "../../../core/changelog/public-changelog.ts";
import type { Language } from "../../../core/errors.ts";
import type { Services } from "../../../core/services.ts";
import { errorBody } from "../catalog/text.ts";
import { html, page } from "../html.ts";
import { negotiateLanguage } from "../language.ts";
import { changelogAtom } from "../web/changelog-atom.ts";
import { changelogFeedTitle, publicChangelogPage } from "../web/public-changelog.ts";

/** The page's language: `?lang=` when given, else the browser's. */
const languageOf = (request: Request): Language => {
  const asked = new URL(request.url).searchParams.get("lang");
  return asked === "fr" || asked === "en" ? asked : negotiateLanguage(request.headers.get("accept-language"));
};

/** The organization's public changelog: a page (`/p/{slug}/changelog`) and its Atom feed (`/p/{slug}/changelog.atom`); no sign-in. */
export function publicChangelogRoutes(services: Services) {
  const notFound = (language: Language) => {
    const message = errorBody("not_found", language).error;
    return page(message, html`<h1>${message}</h1>`, { status: 404, language });
  };
  return new Elysia({ name: "routes/public-changelog" })
    .get(
      "/p/:slug/changelog",
      async ({ request, params }) => {
        const language = languageOf(request);
        const found = await readPublicChangelog(services, params.slug);
        if (!found) return notFound(language);
        return publicChangelogPage({
          organizationName: found.organization.name,
          feedPath: `/p/${encodeURIComponent(params.slug)}/changelog.atom`,
          entries: found.entries,
          language,
        });
      },
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/changelog.atom",
      async ({ request, params }) => {
        const found = await readPublicChangelog(services, params.slug);
        if (!found) return notFound(languageOf(request));
        const base = `${services.baseUrl}/p/${encodeURIComponent(params.slug)}/changelog`;
        const feed = changelogAtom({
          title: changelogFeedTitle(found.organization.name),
          author: found.organization.name,
          feedUrl: `${base}.atom`,
          pageUrl: base,
          entries: found.entries,
        });
        return new Response(feed, {
          headers: {
            "content-type": "application/atom+xml; charset=utf-8",
            "cache-control": "public, max-age=300",
            "x-content-type-options": "nosniff",
          },
        });
      },
      { detail: { hide: true } },
    );
}

import { Elysia } from "elysia";
import type { Language } from "../../../core/errors.ts";
import { openPortal } from "../../../core/portal/open-portal.ts";
import { portalUrl } from "../../../core/portal/portal-settings.ts";
import { getPublicFeedback } from "../../../core/portal/public-feedback.ts";
import { listPublicFeedbacks } from "../../../core/portal/public-feedbacks.ts";
import { portalRoadmap } from "../../../core/portal/roadmap.ts";
import { sitemapEntries } from "../../../core/portal/sitemap.ts";
import type { Services } from "../../../core/services.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import { html } from "../html.ts";
import { negotiateLanguage } from "../language.ts";
import { boardBody, boardQuery } from "../portal/board.ts";
import { publicAnswer, respond } from "../portal/cache.ts";
import type { Rendered, renderCache } from "../portal/render-cache.ts";
import { pageHeaders, portalDocument } from "../portal/document.ts";
import { feedbackBody } from "../portal/feedback-page.ts";
import { roadmapBody } from "../portal/roadmap-page.ts";
import { robotsTxt, sitemapXml } from "../portal/search-engines.ts";
import { portalLinks } from "../portal/links.ts";
import { portalWords } from "../portal/words.ts";

/** The language the reader chose with the switch (`?lang=`), if any. */
function chosenLanguage(request: Request): Language | null {
  const chosen = new URL(request.url).searchParams.get("lang");
  return chosen === "fr" || chosen === "en" ? chosen : null;
}

/** The reader's language: the one chosen, else Accept-Language. */
const languageOf = (request: Request): Language => chosenLanguage(request) ?? negotiateLanguage(request.headers.get("accept-language"));

/**
 * The portal's pages, for anyone: the board, a feedback, the roadmap, and what search engines
 * read. Server-rendered, no script, cacheable (strong ETag, 304). A portal that is off, and any
 * feedback not published, is a plain 404 that says nothing of what exists.
 */
export function portalPageRoutes(services: Services, cached: ReturnType<typeof renderCache>) {
  const { digest, baseUrl } = services;
  const notFound = (portal: PortalRecord | null, language: Language, request: Request): Rendered => {
    const w = portalWords(language);
    if (!portal) {
      const page = html`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${w.notFoundTitle}</title></head><body><h1>${w.notFoundTitle}</h1><p>${w.notFound}</p></body></html>`;
      return { status: 404, body: page.value, headers: { ...pageHeaders(null), "cache-control": "no-store" } };
    }
    const home = portalUrl(baseUrl, portal.slug);
    const links = portalLinks(portal.slug, chosenLanguage(request));
    const body = html`<h1>${w.notFoundTitle}</h1><p class="intro">${w.notFound}</p><p><a href="${links.board()}">${w.goToBoard}</a></p>`;
    const page = portalDocument({
      portal,
      language,
      baseUrl,
      title: w.notFoundTitle,
      description: w.notFound,
      canonical: home,
      current: null,
      links,
      here: new URL(request.url),
      body,
    });
    return { status: 404, body: page, headers: { ...pageHeaders(portal), "cache-control": "no-store" } };
  };
  const send = (portal: PortalRecord, page: string) => publicAnswer(digest, page, pageHeaders(portal));
  /** Renders once per moment for all readers of the address in the language (render-cache.ts), then answers this request (304 when it holds the bytes). */
  const answer = async (request: Request, render: (language: Language) => Promise<Rendered>) => {
    const language = languageOf(request);
    const url = new URL(request.url);
    return respond(request, await cached(`${language} ${url.pathname}${url.search}`, () => render(language)));
  };

  return new Elysia({ name: "routes/portal-pages" })
    .get(
      "/p/:slug",
      ({ request, params }) =>
        answer(request, async (language) => {
          const query = boardQuery(new URL(request.url).searchParams);
          let listed = await listPublicFeedbacks(services, params.slug, query, language);
          // A cursor from another filter (an edited address) starts again at the first page.
          if (!listed.ok && listed.code === "invalid_cursor")
            listed = await listPublicFeedbacks(services, params.slug, { ...query, cursor: undefined }, language);
          if (!listed.ok) return notFound(null, language, request);
          const { portal, page, apps } = listed.value;
          const w = portalWords(language);
          const links = portalLinks(portal.slug, chosenLanguage(request));
          const body = boardBody({ portal, language, links, query, page, apps });
          const home = portalUrl(baseUrl, portal.slug);
          return send(
            portal,
            portalDocument({
              portal,
              language,
              baseUrl,
              title: portal.title,
              description: w.boardIntro,
              canonical: home,
              current: "board",
              links,
              here: new URL(request.url),
              body,
            }),
          );
        }),
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/roadmap",
      ({ request, params }) =>
        answer(request, async (language) => {
          const roadmap = await portalRoadmap(services, params.slug, language);
          if (!roadmap.ok) return notFound(null, language, request);
          const { portal, columns } = roadmap.value;
          const w = portalWords(language);
          const canonical = `${portalUrl(baseUrl, portal.slug)}/roadmap`;
          const links = portalLinks(portal.slug, chosenLanguage(request));
          const body = roadmapBody(language, links, columns);
          return send(
            portal,
            portalDocument({
              portal,
              language,
              baseUrl,
              title: w.roadmap,
              description: w.roadmapIntro,
              canonical,
              current: "roadmap",
              links,
              here: new URL(request.url),
              body,
            }),
          );
        }),
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/sitemap.xml",
      ({ request, params }) =>
        answer(request, async (language) => {
          const listed = await sitemapEntries(services, params.slug);
          if (!listed.ok) return notFound(null, language, request);
          const home = portalUrl(baseUrl, listed.value.portal.slug);
          return publicAnswer(digest, sitemapXml(home, listed.value.entries), {
            "content-type": "application/xml; charset=utf-8",
            "x-content-type-options": "nosniff",
          });
        }),
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/robots.txt",
      ({ request, params }) =>
        answer(request, async (language) => {
          const portal = await openPortal(services, params.slug);
          if (!portal) return notFound(null, language, request);
          const path = `/p/${encodeURIComponent(portal.slug)}`;
          return publicAnswer(digest, robotsTxt(portal, path, portalUrl(baseUrl, portal.slug)), {
            "content-type": "text/plain; charset=utf-8",
            "x-content-type-options": "nosniff",
          });
        }),
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/:key",
      ({ request, params }) =>
        answer(request, async (language) => {
          const found = await getPublicFeedback(services, params.slug, params.key, language);
          if (!found.ok) return notFound(await openPortal(services, params.slug), language, request);
          const { portal, feedback } = found.value;
          // A key merged into another published feedback, an id, or a key or slug typed in another case, goes to the feedback's own address.
          if (feedback.key !== params.key || params.slug !== portal.slug) {
            const location = portalLinks(portal.slug, chosenLanguage(request)).feedback(feedback.key);
            return { status: 301, body: "", headers: { location, ...pageHeaders(portal), "cache-control": "no-store" } };
          }
          const description = feedback.publicDescription ? Array.from(feedback.publicDescription).slice(0, 200).join("") : feedback.publicTitle;
          const links = portalLinks(portal.slug, chosenLanguage(request));
          const body = feedbackBody({ portal, language, links, feedback });
          return send(
            portal,
            portalDocument({
              portal,
              language,
              baseUrl,
              title: feedback.publicTitle,
              description,
              canonical: feedback.url,
              current: "board",
              links,
              here: new URL(request.url),
              body,
            }),
          );
        }),
      { detail: { hide: true } },
    );
}

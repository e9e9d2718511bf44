import { Elysia } from "elysia";
import { readPublicChangelog, withShipped } from "../../../core/changelog/public-changelog.ts";
import type { Language } from "../../../core/language.ts";
import { portalUrl } from "../../../core/portal/portal-settings.ts";
import { statusLabel } from "../../../core/portal/status-labels.ts";
import type { Services } from "../../../core/services.ts";
import { errorBody } from "../catalog/text.ts";
import { html, page } from "../html.ts";
import { chosenLanguage, requestLanguage } from "../language.ts";
import { publicAnswer, respond } from "../portal/cache.ts";
import { pageHeaders, readersDocument } from "../portal/document.ts";
import { portalLinks } from "../portal/links.ts";
import { portalViewer, signInPossible } from "../portal/viewer.ts";
import { changelogAtom } from "../web/changelog-atom.ts";
import { changelogFeedTitle, changelogPageTitle, publicChangelogBody } from "../web/public-changelog.ts";

/**
 * The portal's public changelog: a page (`/p/{slug}/changelog`, a tab of the portal) and its Atom
 * feed (`/p/{slug}/changelog.atom`); no sign-in. The slug is the portal's, and a portal that is
 * off has none (404).
 */
export function publicChangelogRoutes(services: Services) {
  const notFound = (language: Language) => {
    const message = errorBody("not_found", language).error;
    return page(message, html`<h1>${message}</h1>`, { status: 404, language });
  };
  return new Elysia({ name: "routes/public-changelog" })
    .get(
      "/p/:slug/changelog",
      async ({ request, params, cookie }) => {
        const language = requestLanguage(request);
        const found = await readPublicChangelog(services, params.slug);
        if (!found) return notFound(language);
        const { portal } = found;
        const entries = await withShipped(services, portal.orgId, found.entries);
        const links = portalLinks(portal.slug, chosenLanguage(request));
        const viewer = await portalViewer(services, portal, cookie);
        const title = changelogPageTitle(language);
        const body = publicChangelogBody({
          organizationName: portal.title,
          feedPath: links.changelogFeed(language),
          entries,
          language,
          feedbackPath: links.feedback,
          statusName: (status) => statusLabel(portal, status, language),
          markdown: services.markdown,
        });
        const document = readersDocument(request, viewer, `${links.home}/changelog`, {
          portal,
          canSignIn: await signInPossible(services, portal),
          language,
          baseUrl: services.baseUrl,
          title,
          description: title,
          canonical: `${portalUrl(services.baseUrl, portal.slug)}/changelog`,
          current: "changelog",
          links,
          body,
        });
        // Anonymous, the page is the same for every reader of a language: an ETag and 304, as the portal's other pages.
        if (!viewer) return respond(request, publicAnswer(services.digest, document, pageHeaders(portal)));
        return new Response(document, { headers: { ...pageHeaders(portal), "cache-control": "private, no-cache" } });
      },
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/changelog.atom",
      async ({ request, params }) => {
        // In the page's language: the one chosen with ?lang=, else Accept-Language (so it varies with it, as the page does).
        const language = requestLanguage(request);
        const found = await readPublicChangelog(services, params.slug);
        if (!found) return notFound(language);
        const links = portalLinks(found.portal.slug, chosenLanguage(request));
        const base = `${portalUrl(services.baseUrl, found.portal.slug)}/changelog`;
        const feed = changelogAtom({
          title: changelogFeedTitle(language, found.portal.title),
          author: found.portal.title,
          language,
          feedUrl: `${base}.atom`,
          pageUrl: base,
          links: { self: `${services.baseUrl}${links.changelogFeed(language)}`, page: `${services.baseUrl}${links.changelog()}` },
          entries: found.entries,
          portalChangedAt: found.portal.changedAt,
          markdown: services.markdown,
        });
        const answer = publicAnswer(services.digest, feed, {
          "content-type": "application/atom+xml; charset=utf-8",
          "x-content-type-options": "nosniff",
        });
        return respond(request, answer);
      },
      { detail: { hide: true } },
    );
}

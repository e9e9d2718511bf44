import { Elysia } from "elysia";
import type { Language } from "../../../core/language.ts";
import { openPortal } from "../../../core/portal/open-portal.ts";
import { portalUrl } from "../../../core/portal/portal-settings.ts";
import { getPublicFeedback } from "../../../core/portal/get-public-feedback.ts";
import { anythingPublished, listPublicFeedbacks } from "../../../core/portal/list-public-feedbacks.ts";
import { portalRoadmap } from "../../../core/portal/roadmap.ts";
import { sitemapEntries } from "../../../core/portal/sitemap.ts";
import type { Services } from "../../../core/services.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import { html } from "../html.ts";
import { chosenLanguage, requestLanguage } from "../language.ts";
import { boardBody, boardQuery, boardTitle } from "../portal/board.ts";
import { publicAnswer, respond } from "../portal/cache.ts";
import type { Rendered, renderCache } from "../portal/render-cache.ts";
import { noPortalDocument, notFoundContent, pageHeaders, portalDocument, readersDocument } from "../portal/document.ts";
import { feedbackBody } from "../portal/feedback-page.ts";
import { roadmapBody } from "../portal/roadmap-page.ts";
import { robotsTxt, sitemapXml } from "../portal/search-engines.ts";
import { type PortalLinks, portalLinks } from "../portal/links.ts";
import { portalWords } from "../portal/words.ts";
import { formGuards, portalViewer, signInPossible, type Viewer } from "../portal/viewer.ts";
import { hasPortalSession } from "../portal-session.ts";
import type { CookieJar } from "../cookies.ts";
import type { PublicFeedback } from "../../../core/schemas/portal.ts";
import { publishedFeedback } from "../../../core/portal/published-feedback.ts";
import { hasVoted } from "../../../core/votes/has-voted.ts";
import { takesVotes } from "../../../core/votes/vote.ts";
import { COMMENT_MAX_LENGTH } from "../../../core/schemas/feedback.ts";
import type { Html } from "../html.ts";
import { outcome, refusedField } from "../web/notices.ts";

/** How long a signed-in person's page may be kept: by their own browser only, and asked again each time. */
const PRIVATE_CACHE_CONTROL = "private, no-cache";

/**
 * The portal's pages, for anyone: the board, a feedback, the roadmap, and what search engines
 * read. Server-rendered, no script, cacheable (strong ETag, 304). A portal that is off, and any
 * feedback not published, is a plain 404 that says nothing of what exists.
 */
export function portalPageRoutes(services: Services, cached: ReturnType<typeof renderCache>) {
  const { digest, baseUrl } = services;
  const notFound = (portal: PortalRecord | null, language: Language, request: Request): Rendered => {
    const w = portalWords(language);
    if (!portal) return { status: 404, body: noPortalDocument(language), headers: { ...pageHeaders(null), "cache-control": "no-store" } };
    const home = portalUrl(baseUrl, portal.slug);
    const links = portalLinks(portal.slug, chosenLanguage(request));
    const body = notFoundContent(language, links.board());
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
  /**
   * A feedback's vote box. Anyone: the count, as a link to sign in and come back. A signed-in
   * person: a POST form that votes, or takes the vote back when they voted (the button says so).
   * A feedback that takes no more votes (delivered, dismissed) shows its count alone to anyone.
   * Back from signing in to vote (`toVote`), the person finds the button focused, one press away:
   * a page opened never votes by itself, as any link could open it.
   */
  const voteBox = async (
    language: Language,
    links: PortalLinks,
    portal: PortalRecord,
    feedback: PublicFeedback,
    viewer: Viewer | null,
    toVote: boolean,
    canSignIn: boolean,
  ): Promise<{ readonly box: Html; readonly ready: boolean }> => {
    const w = portalWords(language);
    const count = html`<span class="arrow" aria-hidden="true">▲</span><strong>${feedback.votes}</strong><span>${w.votes(feedback.votes)}</span>`;
    const record = viewer && (await publishedFeedback(services, portal.orgId, feedback.key));
    const voted = record ? await hasVoted(services, portal.orgId, record.id, viewer.person.email) : false;
    const plain = { box: html`<div class="votes"><strong>${feedback.votes}</strong><span>${w.votes(feedback.votes)}</span></div>`, ready: false };
    if (!voted && !takesVotes({ status: feedback.status })) return plain;
    if (!viewer && !canSignIn) return plain;
    if (!viewer) {
      const signIn = links.signIn(`${links.home}/${encodeURIComponent(feedback.key)}`, { to: "vote" });
      return {
        box: html`<a class="votes" href="${signIn}" title="${w.signInToVote}">${count}<span class="visually-hidden">${w.signInToVote}</span></a>`,
        ready: false,
      };
    }
    const ready = toVote && !voted;
    const box = html`<form method="post" action="${links.vote(feedback.key)}" class="vote">${formGuards(language, viewer, "vote-website")}
<input type="hidden" name="vote" value="${voted ? "withdraw" : "cast"}">
<button type="submit" id="vote" class="votes" aria-pressed="${voted ? "true" : "false"}" title="${voted ? w.withdrawHint : w.voteHint}"${ready ? html` autofocus aria-describedby="vote-ready"` : ""}>${count}<span class="visually-hidden">${voted ? w.withdrawHint : w.voteHint}</span></button></form>`;
    return { box, ready };
  };
  /** Under the comments: the signed-in person's comment form, or the way to sign in to comment; nothing while posting is off. */
  const commentSlot = (
    language: Language,
    links: PortalLinks,
    portal: PortalRecord,
    feedback: PublicFeedback,
    viewer: Viewer | null,
    refused: string | null,
    canSignIn: boolean,
    toComment: boolean,
  ): Html | "" => {
    if (portal.posting === "off") return "";
    const w = portalWords(language);
    const here = `${links.home}/${encodeURIComponent(feedback.key)}`;
    // Back from signing in (`to=comment`), the person finds the comment box focused, where they meant to write.
    if (!viewer)
      return canSignIn ? html`<p class="comment-form"><a href="${links.signIn(here, { to: "comment" })}">${w.signInToComment}</a></p>` : "";
    // A comment refused comes back here (empty, or longer than a browser lets one type), said beside the field.
    // The review hint describes the box: focused on arrival, it is read with the field, not skipped past.
    const reviewed = portal.posting === "review";
    const error = refusedField(
      "comment-error",
      refused === "empty" ? w.required : refused === "long" ? w.tooLong(COMMENT_MAX_LENGTH) : undefined,
      reviewed ? "comment-hint" : undefined,
    );
    const marks = html`${error.marks}${!refused && toComment ? html` autofocus` : ""}`;
    return html`<form method="post" action="${links.comment(feedback.key)}" class="comment-form">${formGuards(language, viewer, "comment-website")}
<label for="comment-text">${w.yourComment}</label>${error.said}<textarea id="comment-text" name="text" required maxlength="${COMMENT_MAX_LENGTH}"${marks}></textarea>
${reviewed ? html`<p class="hint" id="comment-hint">${w.commentReview}</p>` : ""}<button type="submit">${w.commentSend}</button></form>`;
  };
  /** What the person's last comment or post did, from the address its form sent them back to. */
  const noticeOf = (language: Language, asked: URLSearchParams): Html | null => {
    const w = portalWords(language);
    if (asked.get("commented") === "held") return outcome(w.commentHeld);
    if (asked.get("commented") === "shown") return outcome(w.commentShown);
    if (asked.get("posted") === "shown") return outcome(w.postShown);
    return null;
  };
  const send = (portal: PortalRecord, page: string) => publicAnswer(digest, page, pageHeaders(portal));
  /**
   * Anyone's page renders once per moment for all readers of the address in the language
   * (render-cache.ts), then answers this request (304 when it holds the bytes). A signed-in
   * person's page is theirs: rendered for them alone, never kept nor served from the cache, and
   * `private` for every cache on the way.
   */
  const answer = async (
    request: Request,
    cookie: CookieJar,
    slug: string,
    render: (language: Language, viewer: Viewer | null) => Promise<Rendered>,
  ) => {
    const language = requestLanguage(request);
    const url = new URL(request.url);
    const portal = hasPortalSession(services, { slug: slug.toLowerCase() }, cookie) ? await openPortal(services, slug) : null;
    const viewer = portal && (await portalViewer(services, portal, cookie));
    if (!viewer) return respond(request, await cached(`${language} ${url.pathname}${url.search}`, () => render(language, null)));
    const rendered = await render(language, viewer);
    const { etag: _etag, ...headers } = rendered.headers;
    const privately = rendered.status === 200 ? { ...headers, "cache-control": PRIVATE_CACHE_CONTROL } : headers;
    return new Response(rendered.headers.location ? null : rendered.body, { status: rendered.status, headers: privately });
  };
  /** The page's path as asked, without the language: where signing in comes back to. */
  const pathOf = (request: Request) => new URL(request.url).pathname;

  return new Elysia({ name: "routes/portal-pages" })
    .get(
      "/p/:slug",
      ({ request, params, cookie }) =>
        answer(request, cookie, params.slug, async (language, viewer) => {
          const query = boardQuery(new URL(request.url).searchParams);
          let listed = await listPublicFeedbacks(services, params.slug, query, language);
          // A cursor from another filter (an edited address) starts again at the first page.
          if (!listed.ok && listed.code === "invalid_cursor")
            listed = await listPublicFeedbacks(services, params.slug, { ...query, cursor: undefined }, language);
          if (!listed.ok) return notFound(null, language, request);
          const { portal, page, apps } = listed.value;
          const w = portalWords(language);
          const links = portalLinks(portal.slug, chosenLanguage(request));
          const canSignIn = await signInPossible(services, portal);
          // Posting needs a person signed in: where no one can sign in, nothing offers it.
          const post =
            portal.posting === "off" || (!viewer && !canSignIn) ? undefined : html`<a class="postlink" href="${links.post()}">+ ${w.post}</a>`;
          const votable = Boolean(viewer) || canSignIn;
          const published = page.data.length > 0 || (await anythingPublished(services, portal.orgId));
          const body = boardBody({ portal, language, links, query, page, apps, votable, anythingPublished: published, ...(post && { post }) });
          const home = portalUrl(baseUrl, portal.slug);
          return send(
            portal,
            readersDocument(request, viewer, pathOf(request), {
              baseUrl,
              portal,
              canSignIn,
              language,
              title: boardTitle({ portal, language, query, apps }),
              description: votable ? w.boardIntro : w.boardIntroReadOnly,
              canonical: home,
              current: "board",
              links,
              body,
            }),
          );
        }),
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/roadmap",
      ({ request, params, cookie }) =>
        answer(request, cookie, params.slug, async (language, viewer) => {
          const roadmap = await portalRoadmap(services, params.slug, language);
          if (!roadmap.ok) return notFound(null, language, request);
          const { portal, columns } = roadmap.value;
          const w = portalWords(language);
          const canonical = `${portalUrl(baseUrl, portal.slug)}/roadmap`;
          const links = portalLinks(portal.slug, chosenLanguage(request));
          const body = roadmapBody(language, links, columns);
          return send(
            portal,
            readersDocument(request, viewer, pathOf(request), {
              baseUrl,
              portal,
              canSignIn: await signInPossible(services, portal),
              language,
              title: w.roadmap,
              description: w.roadmapIntro,
              canonical,
              current: "roadmap",
              links,
              body,
            }),
          );
        }),
      { detail: { hide: true } },
    )
    .get(
      "/p/:slug/sitemap.xml",
      ({ request, params, cookie }) =>
        answer(request, cookie, params.slug, async (language) => {
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
      ({ request, params, cookie }) =>
        answer(request, cookie, params.slug, async (language) => {
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
      ({ request, params, cookie }) =>
        answer(request, cookie, params.slug, async (language, viewer) => {
          const asked = new URL(request.url).searchParams;
          const viewing = { ...(viewer && { reader: viewer.person }), cameFrom: asked.get("merged") ?? undefined };
          const found = await getPublicFeedback(services, params.slug, params.key, language, viewing);
          if (!found.ok) return notFound(await openPortal(services, params.slug), language, request);
          const { portal, feedback, held, shippedIn, mergedAway, mergedHere } = found.value;
          // A key merged into another published feedback (which then names it), an id, or a key or
          // slug typed in another case, goes to the feedback's own address: for good (301), except
          // from a merged key, which an unmerge gives back its page (302).
          if (feedback.key !== params.key || params.slug !== portal.slug) {
            const location = portalLinks(portal.slug, chosenLanguage(request)).feedback(feedback.key, {
              merged: mergedAway,
            });
            const status = mergedAway ? 302 : 301;
            return { status, body: "", headers: { location, ...pageHeaders(portal), "cache-control": "no-store" } };
          }
          const description = feedback.publicDescription ? Array.from(feedback.publicDescription).slice(0, 200).join("") : feedback.publicTitle;
          const links = portalLinks(portal.slug, chosenLanguage(request));
          const canSignIn = await signInPossible(services, portal);
          const vote = await voteBox(language, links, portal, feedback, viewer, asked.get("to") === "vote", canSignIn);
          const commented = asked.get("commented");
          const commentForm = commentSlot(language, links, portal, feedback, viewer, commented, canSignIn, asked.get("to") === "comment");
          const notice = vote.ready
            ? html`<p class="notice" id="vote-ready" role="status">${portalWords(language).pressToVote}</p>`
            : (noticeOf(language, asked) ?? (mergedHere && outcome(portalWords(language).mergedHere(mergedHere))));
          const body = feedbackBody({ portal, language, links, feedback, held, shippedIn, vote: vote.box, commentForm, ...(notice && { notice }) });
          return send(
            portal,
            readersDocument(request, viewer, pathOf(request), {
              baseUrl,
              portal,
              canSignIn,
              language,
              title: feedback.publicTitle,
              description,
              canonical: feedback.url,
              current: "board",
              links,
              body,
            }),
          );
        }),
      { detail: { hide: true } },
    );
}

import { Elysia } from "elysia";
import type { Failure } from "../../../core/errors.ts";
import type { Language } from "../../../core/language.ts";
import { openPortal } from "../../../core/portal/open-portal.ts";
import { portalUrl } from "../../../core/portal/portal-settings.ts";
import {
  PORTAL_POST_KINDS,
  POST_DESCRIPTION_MAX,
  POST_TITLE_MAX,
  type PortalPostRequest,
  postToPortal,
} from "../../../core/portal/post-to-portal.ts";
import { postableApps } from "../../../core/portal/postable-apps.ts";
import { postTrackingLink } from "../../../core/portal/post-tracking-link.ts";
import { commentOnPortal } from "../../../core/portal/comment-on-portal.ts";
import type { Services } from "../../../core/services.ts";
import { withoutReordering } from "../../../core/schemas/text.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import type { CookieJar } from "../cookies.ts";
import { STATUS_OF } from "../error-status.ts";
import { type Html, html, redirect } from "../html.ts";
import { chosenLanguage, requestLanguage } from "../language.ts";
import { noPortalDocument, pageHeaders, readersDocument } from "../portal/document.ts";
import { type PortalLinks, portalLinks } from "../portal/links.ts";
import { formGuards, portalViewer, type Viewer } from "../portal/viewer.ts";
import { outcome, refusedField } from "../web/notices.ts";
import { portalWords } from "../portal/words.ts";
import { portalCsrfValid } from "../portal-session.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { LOOK_ALIKES_SCRIPT_PATH, lookAlikesScript } from "../portal/look-alikes.ts";
import { scriptResponse } from "../browser-script.ts";

type Fields = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? "") : (value ?? ""));
const fieldsOf = (body: unknown): Fields => (body && typeof body === "object" ? (body as Fields) : {});

/** What the form shows again after a refusal: what the person typed, and what is wrong with which field. */
interface Draft {
  readonly kind: string;
  readonly title: string;
  readonly description: string;
  readonly appId: string;
  readonly problem?: { readonly field: string; readonly message: string };
}

const EMPTY: Draft = { kind: "idea", title: "", description: "", appId: "" };

/**
 * Posting from the portal (DESIGN §6): `/p/{slug}/new`, a form for a signed-in person to post an
 * idea or a problem, server-rendered, working without script (its script offers look-alikes). Someone not signed in is sent to sign in
 * and back. With posting `off` there is no such page. Every post checks its origin, the portal
 * session's CSRF token and a honeypot; posts are limited per person and per client address.
 */
export function portalPostingRoutes(services: Services, clientAddress: (request: Request) => string) {
  const ownOrigin = new URL(services.baseUrl).origin;

  /** A whole portal page for the person: private, never cached for anyone else. */
  const personal = (
    portal: PortalRecord,
    language: Language,
    request: Request,
    viewer: Viewer | null,
    title: string,
    body: Html,
    status = 200,
    scripts: readonly string[] = [],
  ) => {
    const links = portalLinks(portal.slug, chosenLanguage(request));
    const document = readersDocument(request, viewer, `${links.home}/new`, {
      portal,
      language,
      baseUrl: services.baseUrl,
      title,
      description: title,
      canonical: `${portalUrl(services.baseUrl, portal.slug)}/new`,
      current: "board",
      links,
      body,
      scripts,
    });
    // Kept by no cache, the browser's included: the form carries its CSRF token, the thanks the
    // person's tracking link, which opens their report to whoever holds it (a shared computer).
    return new Response(document, { status, headers: { ...pageHeaders(portal, scripts.length > 0), "cache-control": "no-store" } });
  };

  const notFound = (language: Language) =>
    new Response(noPortalDocument(language), { status: 404, headers: { ...pageHeaders(null), "cache-control": "no-store" } });

  /** The portal when posting is open to its people; null otherwise (a 404). */
  const postingPortal = async (slug: string): Promise<PortalRecord | null> => {
    const portal = await openPortal(services, slug);
    return portal && portal.posting !== "off" ? portal : null;
  };

  async function form(portal: PortalRecord, language: Language, request: Request, viewer: Viewer, draft: Draft, notice: Html | string, status = 200) {
    const w = portalWords(language);
    const links = portalLinks(portal.slug, chosenLanguage(request));
    const apps = await postableApps(services, portal);
    const refused = (field: string, hint?: string) =>
      refusedField(`problem-${field}`, draft.problem?.field === field ? draft.problem.message : undefined, hint);
    const [app, title, description] = [refused("appId"), refused("title"), refused("description", "post-description-hint")];
    const option = (value: string, label: string, selected: boolean) =>
      html`<option value="${value}"${selected ? html` selected` : ""}>${label}</option>`;
    const body = html`<div class="reading"><a class="back" href="${links.board()}">← ${w.backToBoard}</a>
<h1>${w.postTitle}</h1><p class="intro">${w.postIntro}${portal.posting === "review" ? html` ${w.postReview}` : ""}</p>
${notice}${lookAlikesSection(portal, language)}
<form method="post" action="${links.post()}" class="post-form">${formGuards(language, viewer, "post-website")}
<fieldset class="kinds"><legend>${w.kind}</legend>${PORTAL_POST_KINDS.map(
      (k) => html`<label class="choice"><input type="radio" name="kind" value="${k}"${draft.kind === k ? html` checked` : ""}> ${w.kinds[k]}</label>`,
    )}</fieldset>
${
  apps.length > 1
    ? html`<label for="post-app">${w.app}</label><select id="post-app" name="appId" required${app.marks}>${option("", w.chooseApp, !draft.appId)}${apps.map((a) => option(a.id, a.name, a.id === draft.appId))}</select>${app.said}`
    : ""
}
<label for="post-title">${w.title}</label><input id="post-title" type="text" name="title" required maxlength="${POST_TITLE_MAX}" value="${draft.title}"${title.marks}>${title.said}
<label for="post-description">${w.details}</label><textarea id="post-description" name="description" maxlength="${POST_DESCRIPTION_MAX}"${description.marks}>${draft.description}</textarea>
<p class="hint" id="post-description-hint">${w.detailsHint}</p>${description.said}
<p><button type="submit">${w.send}</button></p></form></div>`;
    return personal(portal, language, request, viewer, w.postTitle, body, status, [LOOK_ALIKES_SCRIPT_PATH]);
  }

  /** What a refused post says, next to the field it is about: it is missing, too long, or reads as something else. */
  function problemOf(language: Language, failure: Failure, draft: Draft): Draft["problem"] {
    const w = portalWords(language);
    const field = failure.problem?.field ?? "title";
    if (failure.problem?.reason === "reordering") return { field, message: w.reordering };
    const given = field === "title" ? draft.title : field === "description" ? draft.description : "";
    const max = field === "description" ? POST_DESCRIPTION_MAX : POST_TITLE_MAX;
    return { field, message: given.trim() ? w.tooLong(max) : w.required };
  }

  function failurePage(portal: PortalRecord, language: Language, request: Request, viewer: Viewer, failure: Failure) {
    const w = portalWords(language);
    const [title, text] = failure.code === "rate_limited" ? [w.tooMany, w.tooManyText] : [w.notFoundTitle, w.notFound];
    const body = html`<div class="reading"><h1>${title}</h1><p class="intro">${text}</p><p><a href="${portalLinks(portal.slug, chosenLanguage(request)).board()}">${w.goToBoard}</a></p></div>`;
    const response = personal(portal, language, request, viewer, title, body, STATUS_OF[failure.code]);
    if (failure.retryAfter !== undefined) response.headers.set("retry-after", String(failure.retryAfter));
    return response;
  }

  const refused = async (portal: PortalRecord, request: Request, cookie: CookieJar, fields: Fields): Promise<boolean> =>
    !(postedFromOwnSite(request, ownOrigin) && (await portalCsrfValid(services, portal, cookie, fields.csrf)));

  /** A post from another site, or without this browser's token, changes nothing. */
  const formRefused = (portal: PortalRecord, language: Language, request: Request, viewer: Viewer | null) => {
    const w = portalWords(language);
    const links = portalLinks(portal.slug, chosenLanguage(request));
    const refusal = html`<div class="reading"><h1>${w.formRefused}</h1><p class="intro">${w.formRefusedText}</p><p><a href="${links.board()}">${w.goToBoard}</a></p></div>`;
    return personal(portal, language, request, viewer, w.formRefused, refusal, 403);
  };

  /**
   * After a post that waits for the team's review: the thanks, the post's tracking page (nowhere
   * public yet, it is where the person follows it), and the way back or on, without the form again.
   */
  const sentForReview = async (portal: PortalRecord, language: Language, request: Request, viewer: Viewer, key: string) => {
    const w = portalWords(language);
    const links = portalLinks(portal.slug, chosenLanguage(request));
    const tracking = key && (await postTrackingLink(services, portal.orgId, key, viewer.person.email));
    const body = html`<div class="reading"><h1>${w.postTitle}</h1>${outcome(services.notifier.delivers ? w.postedReview : w.postedReviewNoEmail)}
${tracking ? html`<p><a class="button" href="${tracking}">${w.trackPost}</a></p><p class="hint">${w.trackPostHint}</p>` : ""}
<p><a href="${links.board()}">${w.goToBoard}</a> · <a href="${links.post()}">${w.postAnother}</a></p></div>`;
    return personal(portal, language, request, viewer, w.postTitle, body);
  };

  const signInFirst = (links: PortalLinks) => redirect(links.signIn(`${links.home}/new`));

  /** Who posts where: the request's language, and the portal with its links and the person signed in (no portal when posting is closed there: a 404). */
  async function visit(request: Request, slug: string, cookie: CookieJar) {
    const language = requestLanguage(request);
    const portal = await postingPortal(slug);
    if (!portal) return { language, portal } as const;
    const links = portalLinks(portal.slug, chosenLanguage(request));
    return { language, portal, links, viewer: await portalViewer(services, portal, cookie) } as const;
  }

  return (
    new Elysia({ name: "routes/portal-posting" })
      .get(LOOK_ALIKES_SCRIPT_PATH, () => scriptResponse(lookAlikesScript), { detail: { hide: true } })
      .get(
        "/p/:slug/new",
        async ({ request, params, cookie, query }) => {
          const visited = await visit(request, params.slug, cookie);
          if (!visited.portal) return notFound(visited.language);
          const { language, portal, links, viewer } = visited;
          if (!viewer) return signInFirst(links);
          if (query.sent === "review") return sentForReview(portal, language, request, viewer, typeof query.key === "string" ? query.key : "");
          return form(portal, language, request, viewer, EMPTY, "");
        },
        { detail: { hide: true } },
      )
      .post(
        "/p/:slug/new",
        async ({ request, params, cookie, body }) => {
          const visited = await visit(request, params.slug, cookie);
          if (!visited.portal) return notFound(visited.language);
          const { language, portal, links, viewer } = visited;
          const fields = fieldsOf(body);
          if (await refused(portal, request, cookie, fields)) return formRefused(portal, language, request, viewer);
          if (!viewer) return signInFirst(links);
          // A robot fills every field; a person never sees this one. Sent back, and nothing posted.
          if (one(fields.website)) return redirect(links.board());
          const request_: PortalPostRequest = {
            kind: one(fields.kind) as PortalPostRequest["kind"],
            title: one(fields.title),
            description: one(fields.description),
            ...(one(fields.appId) && { appId: one(fields.appId) }),
          };
          const posted = await postToPortal(services, portal, { ...viewer.person, language }, request_, clientAddress(request));
          if (posted.ok)
            return redirect(
              posted.value.published
                ? withParam(links.feedback(posted.value.key), "posted", "shown")
                : links.post({ sent: "review", key: posted.value.key }),
            );
          if (posted.code === "invalid_body") {
            // A title that would read as something else comes back without what made it so.
            const title = posted.problem?.reason === "reordering" ? withoutReordering(request_.title) : request_.title;
            const draft = { kind: request_.kind, title, description: request_.description, appId: request_.appId ?? "" };
            return form(portal, language, request, viewer, { ...draft, problem: problemOf(language, posted, draft) }, "", 400);
          }
          return failurePage(portal, language, request, viewer, posted);
        },
        { detail: { hide: true } },
      )
      // The comment form under a published feedback's comments (rendered by its page): `csrf`, `text`, and the honeypot `website`.
      .post(
        "/p/:slug/:key/comment",
        async ({ request, params, cookie, body }) => {
          const visited = await visit(request, params.slug, cookie);
          if (!visited.portal) return notFound(visited.language);
          const { language, portal, links, viewer } = visited;
          const fields = fieldsOf(body);
          if (await refused(portal, request, cookie, fields)) return formRefused(portal, language, request, viewer);
          const page = `${links.home}/${encodeURIComponent(params.key)}`;
          if (!viewer) return redirect(links.signIn(page, { to: "comment" }));
          // A robot fills every field; a person never sees this one. Sent back, and nothing written.
          if (one(fields.website)) return redirect(links.feedback(params.key));
          const said = await commentOnPortal(services, portal, viewer.person, params.key, one(fields.text), clientAddress(request));
          if (said.ok) return redirect(withParam(links.feedback(said.value.key), "commented", said.value.shown ? "shown" : "held"));
          if (said.code === "not_found") return notFound(language);
          // Back to the feedback, whose comment form says why: nothing worth keeping was lost (blank, or past what a browser lets one type).
          if (said.code === "invalid_body")
            return redirect(`${withParam(links.feedback(params.key), "commented", one(fields.text).trim() ? "long" : "empty")}#comment-text`);
          return failurePage(portal, language, request, viewer, said);
        },
        { detail: { hide: true } },
      )
  );
}

/**
 * Where the post form's script lists the published feedbacks that look like the title typed, with
 * the words it needs in the page's language; hidden until it has some, and its live region empty.
 */
function lookAlikesSection(portal: PortalRecord, language: Language): Html {
  const w = portalWords(language);
  return html`<section class="alike" id="look-alikes" aria-labelledby="look-alikes-title" hidden data-source="/v1/portal/${portal.slug}/similar" data-votes-one="${w.votes(1)}" data-votes-other="${w.votes(2)}" data-count-one="${w.lookAlikesCount.one}" data-count-other="${w.lookAlikesCount.other}"><h2 id="look-alikes-title">${w.lookAlikes}</h2><ul></ul></section>
<p class="visually-hidden" id="look-alikes-status" role="status" aria-live="polite"></p>`;
}

/** An address with one more query parameter. */
const withParam = (address: string, name: string, value: string): string => `${address}${address.includes("?") ? "&" : "?"}${name}=${value}`;

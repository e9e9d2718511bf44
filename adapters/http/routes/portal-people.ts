import { refusedField } from "../web/notices.ts";
import { Elysia } from "elysia";
import type { Failure } from "../../../core/errors.ts";
import type { Language } from "../../../core/language.ts";
import { checkSignInLink } from "../../../core/portal-people/check-sign-in-link.ts";
import { openLinkSession } from "../../../core/portal-people/open-link-session.ts";
import { openSsoSession } from "../../../core/portal-people/open-sso-session.ts";
import type { PortalEntry, PortalLookup, SsoVerifier } from "../../../core/portal-people/portal.ts";
import { requestSignInLink } from "../../../core/portal-people/request-sign-in-link.ts";
import type { Services } from "../../../core/services.ts";
import { publishedFeedback } from "../../../core/portal/published-feedback.ts";
import { castVote } from "../../../core/votes/cast-vote.ts";
import { withdrawVote } from "../../../core/votes/withdraw-vote.ts";
import { errorBody, textFor } from "../catalog/text.ts";
import type { CookieJar } from "../cookies.ts";
import { STATUS_OF } from "../error-status.ts";
import { type Html, html, page, redirect } from "../html.ts";
import { chosenLanguage, requestLanguage } from "../language.ts";
import { closePortalSession, keepPortalSession, portalCsrfToken, portalCsrfValid, portalPerson } from "../portal-session.ts";
import { postedFromOwnSite } from "../same-origin.ts";
import { openPortal } from "../../../core/portal/open-portal.ts";
import { portalUrl } from "../../../core/portal/portal-settings.ts";
import type { PortalRecord } from "../../../core/store/portals.ts";
import { notFoundContent, pageHeaders, portalDocument } from "../portal/document.ts";
import { pageToReturnTo, portalLinks } from "../portal/links.ts";
import { portalWords } from "../portal/words.ts";
import { waysIn } from "../portal/viewer.ts";

/** What dresses a page of these forms as the portal's: its settings, and the request (for its address and chosen language). */
/** A portal page's reading: the reader's language, the portal, and how it is dressed. */
interface Visit {
  readonly language: Language;
  readonly portal: PortalEntry;
  readonly brand: Brand | null;
}

interface Brand {
  readonly portal: PortalRecord;
  readonly request: Request;
}

export interface PortalPeopleOptions {
  /** The portal a slug names, with its organization and SSO secret (the portal's settings own them). */
  readonly lookup: PortalLookup;
  /** Reads single sign-on tokens (adapters/portal-sso). */
  readonly verifySso: SsoVerifier;
  /** The client's address as its budgets are kept (rateLimitAddress: an IPv6 client's /64): sign-in links and votes are limited per address. */
  readonly clientAddress: (request: Request) => string;
}

type Fields = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined): string => (Array.isArray(value) ? (value[0] ?? "") : (value ?? "")).trim();
const fieldsOf = (body: unknown): Fields => (body && typeof body === "object" ? (body as Fields) : {});

/**
 * The request of a refused link or single sign-on page without its token: the page's language
 * switch repeats its own address, and would copy a credential into another link (history, Referer).
 */
function withoutToken(request: Request): Request {
  const here = new URL(request.url);
  here.searchParams.delete("token");
  return new Request(here, { headers: request.headers });
}

/**
 * A page whose own address holds a credential (a sign-in link's token, a single sign-on token) sends
 * no Referer at all, as the tracking, invitation and reset pages do: the portal's usual policy still
 * gives the whole address to pages of the service, and the person's next click may be anywhere.
 */
function noReferrer(response: Response): Response {
  response.headers.set("referrer-policy", "no-referrer");
  return response;
}

/**
 * The portal's people (DESIGN §6): signing in by a one-time e-mail link or the customer's single
 * sign-on, signing out, and voting from a feedback's page, all server-rendered forms that work
 * without JavaScript. Every post checks its origin and the portal's own CSRF token; the sign-in
 * form has a honeypot; its answer never says whether an address is known.
 */
export function portalPeopleRoutes(services: Services, options: PortalPeopleOptions) {
  const ownOrigin = new URL(services.baseUrl).origin;

  /** A page of these forms: in the portal's own page (its brand, tabs, language switch) when the portal's settings are there, else plain. */
  const shell = (language: Language, title: string, body: Html, status = 200, brand: Brand | null = null): Response => {
    if (!brand) return page(title, html`<div class="narrow">${body}</div>`, { language, status });
    const { portal, request } = brand;
    const links = portalLinks(portal.slug, chosenLanguage(request));
    const document = portalDocument({
      portal,
      language,
      baseUrl: services.baseUrl,
      title,
      description: title,
      canonical: `${portalUrl(services.baseUrl, portal.slug)}/sign-in`,
      current: null,
      links,
      here: new URL(request.url),
      body: html`<div class="narrow">${body}</div>`,
    });
    return new Response(document, { status, headers: { ...pageHeaders(portal), "cache-control": "no-store" } });
  };

  /** The portal's settings, to dress these pages as the portal's; null where a portal has none stored. */
  const brandOf = async (request: Request, slug: string): Promise<Brand | null> => {
    const portal = await openPortal(services, slug);
    return portal && { portal, request };
  };

  const portalOf = async (slug: string): Promise<PortalEntry | null> => {
    const portal = await options.lookup(slug);
    return portal?.enabled ? portal : null;
  };

  // README, BASE_URL: "Unset, the loopback names (`127.0.0.1`, `[::1]`) are the same service too".
  const ownOrigins = new Set([ownOrigin, ...services.addressAliases]);

  /** The path and query of an address on this service (a `return_to`); "" for one elsewhere, which leads to the board. */
  const pageOf = (address: string): string => {
    const url = URL.canParse(address, ownOrigin) ? new URL(address, ownOrigin) : null;
    return url && ownOrigins.has(url.origin) ? `${url.pathname}${url.search}` : "";
  };

  const notFound = (language: Language) => {
    const w = textFor(language).portalPeople;
    return shell(language, w.notFound, html`<h1>${w.notFound}</h1>`, 404);
  };

  /** A feedback the portal does not show (never published, unpublished, or of another organization): its portal's own not-found page. */
  const feedbackNotFound = (language: Language, request: Request, slug: string, brand: Brand | null) =>
    shell(language, portalWords(language).notFoundTitle, notFoundContent(language, portalLinks(slug, chosenLanguage(request)).board()), 404, brand);

  function failurePage(
    language: Language,
    portal: PortalEntry,
    failure: Failure,
    brand: Brand | null,
    next = portalLinks(portal.slug, null).home,
  ): Response {
    const w = textFor(language).portalPeople;
    const links = portalLinks(portal.slug, null);
    const [title, message] =
      failure.code === "rate_limited"
        ? [w.tooManyTitle, w.tooMany]
        : failure.code === "invalid_link"
          ? failure.cause
            ? [w.ssoTitle, w.ssoFailed]
            : [w.linkTitle, w.invalidLink]
          : [errorBody(failure.code, language).error, null];
    // A refused link offers only the ways in this portal has: never an e-mail the service cannot send.
    const ways = waysIn(services, portal, next);
    const emailLink = links.signIn(next);
    const again =
      failure.code !== "invalid_link"
        ? ""
        : failure.cause
          ? html`${ways.organization ? html`<p><a class="button" href="${ways.organization}">${w.signInAgain}</a></p>` : ""}${ways.email ? html`<p><a class="standalone" href="${emailLink}">${w.emailInstead}</a></p>` : ""}`
          : ways.email
            ? html`<p><a class="standalone" href="${emailLink}">${w.askAgain}</a></p>`
            : "";
    // A single sign-on token says why it was refused: only the app's developers can mend it, and this page is where they look.
    const why = failure.code === "invalid_link" && failure.cause ? html`<p class="hint">${w.forDevelopers(failure.cause)}</p>` : "";
    const response = shell(
      language,
      title,
      html`<h1>${title}</h1>${message ? html`<p>${message}</p>` : ""}${again}${why}<p><a class="standalone" href="${links.home}">${w.back}</a></p>`,
      STATUS_OF[failure.code],
      brand && { ...brand, request: withoutToken(brand.request) },
    );
    if (failure.retryAfter !== undefined) response.headers.set("retry-after", String(failure.retryAfter));
    return response;
  }

  /** Back to the page that sent the person to sign in (pageToReturnTo kept it to this portal), to read it, not to vote yet. */
  function wayBack(language: Language, slug: string, next: string, brand: Brand | null): Html {
    const w = textFor(language).portalPeople;
    const from = new URL(next, ownOrigin);
    from.searchParams.delete("to");
    const chosen = brand && chosenLanguage(brand.request);
    if (chosen) from.searchParams.set("lang", chosen);
    return html`<p><a class="standalone" href="${from.pathname}${from.search}">${from.pathname === portalLinks(slug, null).home ? w.back : w.backToPage}</a></p>`;
  }

  /**
   * The sign-in page: the organization's own sign-in and the e-mail link, whichever the portal has
   * (both: the first, then "or" the form); with neither, it says so, and that reading needs none.
   */
  function signInPage(
    language: Language,
    portal: PortalEntry,
    page: { csrf: string; next: string; signedInAs?: string; problem?: string; email?: string },
    status: number,
    brand: Brand | null,
  ) {
    const { csrf, next, signedInAs, problem, email: typed = "" } = page;
    const refused = refusedField("email-problem", problem);
    const w = textFor(language).portalPeople;
    const slug = portal.slug;
    const links = portalLinks(slug, null);
    const ways = waysIn(services, portal, next);
    const signOut = signedInAs
      ? html`<p>${w.signedInAs} <strong>${signedInAs}</strong></p>
<form method="post" action="${links.signOut()}"><input type="hidden" name="csrf" value="${csrf}"><p><button type="submit">${w.signOut}</button></p></form>`
      : "";
    const back = wayBack(language, slug, next, brand);
    if (!ways.email && !ways.organization)
      return shell(language, w.signIn, html`<h1>${w.signIn}</h1>${signOut}<p>${w.noWay}</p><p>${w.readingFree}</p>${back}`, status, brand);
    const organization = ways.organization
      ? html`<p><a class="button" href="${ways.organization}">${w.withAccount}</a></p><p class="hint">${w.accountHint(new URL(ways.organization).host)}</p>`
      : "";
    const email = ways.email
      ? html`${ways.organization ? html`<p class="or">${w.or}</p><p>${w.byEmail}</p>` : ""}
${refused.said}
<form method="post" action="${links.home}/sign-in">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="next" value="${next}">
<label for="email">${w.email}</label><input id="email" type="email" name="email" required maxlength="254" autocomplete="email"${typed ? html` value="${typed}"` : ""}${refused.marks}>
<div class="trap" aria-hidden="true"><label for="website">${w.honeypot}</label><input id="website" type="text" name="website" tabindex="-1" autocomplete="off"></div>
<p><button type="submit">${w.send}</button></p></form>`
      : "";
    const intro = ways.organization ? w.purpose : `${w.purpose} ${w.byEmail}`;
    return shell(language, w.signIn, html`<h1>${w.signIn}</h1>${signOut}<p>${intro}</p>${organization}${email}${back}`, status, brand);
  }

  /** A post from another site, or without this browser's token, changes nothing. */
  async function refused(
    request: Request,
    cookie: CookieJar,
    fields: Fields,
    language: Language,
    slug: string,
    brand: Brand | null,
  ): Promise<Response | null> {
    if (postedFromOwnSite(request, ownOrigin) && (await portalCsrfValid(services, { slug }, cookie, fields.csrf))) return null;
    const w = textFor(language).portalPeople;
    return shell(
      language,
      w.formRefused,
      html`<h1>${w.formRefused}</h1><p>${w.otherSite}</p><p><a class="standalone" href="${portalLinks(slug, null).home}">${w.back}</a></p>`,
      403,
      brand,
    );
  }

  /** The portal a page names, read in the reader's language and dressed as that portal; its 404 page when it is off or unknown. */
  async function visit(request: Request, slug: string): Promise<Visit | Response> {
    const language = requestLanguage(request);
    const portal = await portalOf(slug);
    if (!portal) return notFound(language);
    return { language, portal, brand: await brandOf(request, portal.slug) };
  }

  /** The same for a form posted to the portal, refused (its page) unless it comes from the portal's own page with its token. */
  async function visitPosting(request: Request, slug: string, cookie: CookieJar, fields: Fields): Promise<Visit | Response> {
    const at = await visit(request, slug);
    if (at instanceof Response) return at;
    return (await refused(request, cookie, fields, at.language, at.portal.slug, at.brand)) ?? at;
  }

  return (
    new Elysia({ name: "routes/portal-people" })
      .get(
        "/p/:slug/sign-in",
        async ({ request, params, cookie, query }) => {
          const at = await visit(request, params.slug);
          if (at instanceof Response) return at;
          const { language, portal, brand } = at;
          const person = await portalPerson(services, portal, cookie);
          const next = pageToReturnTo(portal.slug, typeof query.next === "string" ? query.next : "");
          // The organization's own sign-in as the one way in: straight there, as any link that asks to sign in means.
          const ways = waysIn(services, portal, next);
          if (!person && ways.organization && !ways.email) return redirect(ways.organization);
          return signInPage(
            language,
            portal,
            {
              csrf: await portalCsrfToken(services, portal, cookie),
              next,
              ...(person && { signedInAs: person.email }),
            },
            200,
            brand,
          );
        },
        { detail: { hide: true } },
      )
      .post(
        "/p/:slug/sign-in",
        async ({ request, params, cookie, body }) => {
          const fields = fieldsOf(body);
          const at = await visitPosting(request, params.slug, cookie, fields);
          if (at instanceof Response) return at;
          const { language, portal, brand } = at;
          const w = textFor(language).portalPeople;
          const next = pageToReturnTo(portal.slug, one(fields.next));
          const sent = shell(
            language,
            w.sent,
            html`<h1>${w.sent}</h1><p>${w.sentText}</p>${wayBack(language, portal.slug, next, brand)}`,
            200,
            brand,
          );
          // A robot fills every field; a person never sees this one. Answered as anyone, and nothing is sent.
          if (one(fields.website)) return sent;
          if (!services.notifier.delivers)
            return signInPage(language, portal, { csrf: await portalCsrfToken(services, portal, cookie), next }, 503, brand);
          const asked = await requestSignInLink(services, portal, {
            email: one(fields.email),
            language,
            address: options.clientAddress(request),
            ...(next !== portalLinks(portal.slug, null).home && { next }),
          });
          if (asked.ok) return sent;
          if (asked.code === "invalid_body")
            return signInPage(language, portal, { csrf: await portalCsrfToken(services, portal, cookie), next, problem: w.invalidEmail }, 400, brand);
          // The mail server did not take it: the form again, with the address, so that the person may ask again.
          if (asked.code === "email_unavailable") {
            const problem = errorBody("email_unavailable", language).error;
            return signInPage(
              language,
              portal,
              { csrf: await portalCsrfToken(services, portal, cookie), next, problem, email: one(fields.email) },
              503,
              brand,
            );
          }
          return failurePage(language, portal, asked, brand, next);
        },
        { detail: { hide: true } },
      )
      .get(
        "/p/:slug/sign-in/link",
        async ({ request, params, cookie, query }) => {
          const at = await visit(request, params.slug);
          if (at instanceof Response) return at;
          const { language, portal, brand } = at;
          const w = textFor(language).portalPeople;
          // Opening the page signs no one in: mail scanners follow links, and the link works once. It only reads
          // whether the link still works, so that a used or expired one says so now, not after Continue.
          const token = typeof query.token === "string" ? query.token : "";
          const next = pageToReturnTo(portal.slug, typeof query.next === "string" ? query.next : "");
          const usable = await checkSignInLink(services, portal, token);
          if (!usable.ok) return noReferrer(failurePage(language, portal, usable, brand, next));
          const response = shell(
            language,
            w.signIn,
            html`<h1>${w.signIn}</h1><p>${w.confirmText}</p>
<form method="post" action="${portalLinks(portal.slug, null).home}/sign-in/link">
<input type="hidden" name="csrf" value="${await portalCsrfToken(services, portal, cookie)}"><input type="hidden" name="token" value="${token}"><input type="hidden" name="next" value="${next}">
<p><button type="submit">${w.confirm}</button></p></form>`,
            200,
            brand,
          );
          return noReferrer(response);
        },
        { detail: { hide: true } },
      )
      .post(
        "/p/:slug/sign-in/link",
        async ({ request, params, cookie, body }) => {
          const fields = fieldsOf(body);
          const at = await visitPosting(request, params.slug, cookie, fields);
          if (at instanceof Response) return at;
          const { language, portal, brand } = at;
          const next = pageToReturnTo(portal.slug, one(fields.next));
          const opened = await openLinkSession(services, portal, one(fields.token));
          if (!opened.ok) return failurePage(language, portal, opened, brand, next);
          keepPortalSession(services, portal, cookie, opened.value);
          return redirect(next);
        },
        { detail: { hide: true } },
      )
      .get(
        "/p/:slug/sso",
        async ({ request, params, cookie, query }) => {
          const at = await visit(request, params.slug);
          if (at instanceof Response) return at;
          const { language, portal, brand } = at;
          // return_to is what the portal gave the organization's sign-in, handed back; next, its older form, a path.
          const asked = typeof query.return_to === "string" ? pageOf(query.return_to) : typeof query.next === "string" ? query.next : "";
          const next = pageToReturnTo(portal.slug, asked);
          const opened = await openSsoSession(services, options.verifySso, portal, typeof query.token === "string" ? query.token : "");
          if (!opened.ok) return noReferrer(failurePage(language, portal, opened, brand, next));
          keepPortalSession(services, portal, cookie, opened.value);
          return redirect(next);
        },
        { detail: { hide: true } },
      )
      .post(
        "/p/:slug/sign-out",
        async ({ request, params, cookie, body }) => {
          const at = await visitPosting(request, params.slug, cookie, fieldsOf(body));
          if (at instanceof Response) return at;
          const { portal } = at;
          await closePortalSession(services, portal, cookie);
          // Signed out, the person reads on in the language they chose, as the form's address says.
          return redirect(portalLinks(portal.slug, chosenLanguage(request)).board());
        },
        { detail: { hide: true } },
      )
      // The vote form of a feedback's page (rendered by that page) posts `csrf` (portalCsrfToken), `vote`
      // (`cast`, or `withdraw`) and the honeypot `website`; it answers by sending the browser back to the page.
      .post(
        "/p/:slug/:key/vote",
        async ({ request, params, cookie, body }) => {
          const fields = fieldsOf(body);
          const at = await visitPosting(request, params.slug, cookie, fields);
          if (at instanceof Response) return at;
          const { language, portal, brand } = at;
          // Only what the team published takes votes from the portal: anything else is not there.
          const feedback = await publishedFeedback(services, portal.orgId, params.key);
          if (!feedback) return feedbackNotFound(language, request, portal.slug, brand);
          const links = portalLinks(portal.slug, chosenLanguage(request));
          const back = links.feedback(feedback.key);
          const person = await portalPerson(services, portal, cookie);
          if (!person) return redirect(links.signIn(`${links.home}/${encodeURIComponent(feedback.key)}`));
          // A robot fills every field; a person never sees this one. Sent back, and nothing counted.
          if (one(fields.website)) return redirect(back);
          const voted =
            one(fields.vote) === "withdraw"
              ? await withdrawVote(services, person, feedback.key)
              : await castVote(services, { ...person, language }, feedback.key, options.clientAddress(request));
          // Back at the vote box, which the browser focuses: pressed from the keyboard, the page otherwise starts again at its top.
          return voted.ok ? redirect(`${back}#vote`) : failurePage(language, portal, voted, brand);
        },
        { detail: { hide: true } },
      )
  );
}

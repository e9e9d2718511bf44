import { Elysia } from "elysia";
import { getPublicFeedback } from "../../../core/portal/get-public-feedback.ts";
import { listPublicFeedbacks } from "../../../core/portal/list-public-feedbacks.ts";
import { portalLookAlikes } from "../../../core/portal/portal-look-alikes.ts";
import { PortalSimilarRequest, PublicFeedback, PublicFeedbackPage, PublicListQuery } from "../../../core/schemas/portal.ts";
import { WidgetLookAlikes } from "../../../core/schemas/widget.ts";
import type { Services } from "../../../core/services.ts";
import { operation } from "../docs.ts";
import { acceptedLanguage } from "../language.ts";
import { privateAnswer, publicAnswer, respond } from "../portal/cache.ts";
import type { renderCache } from "../portal/render-cache.ts";
import { readJsonBody } from "../body.ts";
import { failureResponse, json } from "../reply.ts";
import { validator } from "../validate.ts";

const listQuery = validator(PublicListQuery);
const similarBody = validator(PortalSimilarRequest);
const SLUG = { slug: "The portal's slug." };

/**
 * Public data, read by any page: any origin may read it, with no credentials, its refusals too (a
 * page can then say why), and its ETag, to ask again with If-None-Match.
 */
const ANY_ORIGIN = { "access-control-allow-origin": "*", "access-control-expose-headers": "etag" };

/** A page asking with If-None-Match (no safelisted header) asks first whether it may: it may, from any origin. */
const preflight = () =>
  new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET",
      "access-control-allow-headers": "if-none-match, accept-language",
      "access-control-max-age": "86400",
    },
  });
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", ...ANY_ORIGIN };

/** Query parameters as an object, the last of a repeated one winning (nothing is at stake in a public read). */
const queryOf = (request: Request): Record<string, string> => Object.fromEntries(new URL(request.url).searchParams);

/**
 * The public JSON, for customers who build their own page: no authentication, public fields only,
 * cacheable as the portal's pages are. A portal that is off and a feedback not published are not found.
 */
export function portalPublicRoutes(services: Services, cached: ReturnType<typeof renderCache>, clientAddress: (request: Request) => string) {
  const answer = async (request: Request, render: (language: "en" | "fr") => Promise<Response | string>) => {
    const language = acceptedLanguage(request);
    const url = new URL(request.url);
    const rendered = await cached(`${language} ${url.pathname}${url.search}`, async () => {
      const body = await render(language);
      return typeof body === "string" ? publicAnswer(services.digest, body, JSON_HEADERS) : privateAnswer(body);
    });
    return respond(request, rendered);
  };
  return new Elysia({ name: "routes/portal-public" })
    .options("/v1/portal/:slug/feedbacks", preflight, { detail: { hide: true } })
    .options("/v1/portal/:slug/feedbacks/:key", preflight, { detail: { hide: true } })
    .get(
      "/v1/portal/:slug/feedbacks",
      ({ request, params }) =>
        answer(request, async (language) => {
          const query = listQuery.fromQuery(queryOf(request));
          if (!listQuery.check(query)) return failureResponse(request, listQuery.refuse("invalid_query", query), ANY_ORIGIN);
          const listed = await listPublicFeedbacks(services, params.slug, query, language);
          return listed.ok ? JSON.stringify(listed.value.page) : failureResponse(request, listed, ANY_ORIGIN);
        }),
      {
        detail: operation({
          summary: "Published feedbacks of a portal",
          description:
            "No authentication. Public fields only, paged by cursor; open statuses by default. `top` orders by votes (until votes exist, by reports), `new` by creation, `trending` by last activity. Cacheable: strong ETag, 304 on If-None-Match.",
          tags: ["Portal"],
          path: SLUG,
          query: PublicListQuery,
          responses: { 200: { description: "One page of published feedbacks.", schema: PublicFeedbackPage } },
          errors: ["invalid_query", "invalid_cursor", "not_found"],
        }),
      },
    )
    .get(
      "/v1/portal/:slug/feedbacks/:key",
      ({ request, params }) =>
        answer(request, async (language) => {
          const found = await getPublicFeedback(services, params.slug, params.key, language);
          return found.ok ? JSON.stringify(found.value.feedback) : failureResponse(request, found, ANY_ORIGIN);
        }),
      {
        detail: operation({
          summary: "A published feedback of a portal",
          description:
            "No authentication. Public fields and public comments only; a key merged into a published feedback answers with that one. Not found when the portal is off or the feedback is not published.",
          tags: ["Portal"],
          path: { ...SLUG, key: "The feedback's key." },
          responses: { 200: { description: "The published feedback.", schema: PublicFeedback } },
          errors: ["not_found"],
        }),
      },
    )
    .post(
      "/v1/portal/:slug/similar",
      async ({ request, params }) => {
        const body = await readJsonBody(request);
        const found = similarBody.check(body)
          ? await portalLookAlikes(services, params.slug, body, clientAddress(request), acceptedLanguage(request))
          : similarBody.refuse("invalid_body", body);
        return found.ok ? json(found.value, 200, { "cache-control": "no-store" }) : failureResponse(request, found);
      },
      {
        parse: "none",
        detail: operation({
          summary: "Published feedbacks of a portal that look like a text",
          description:
            "For the portal's own post form (same origin; no CORS): while a person writes a title, at most three published feedbacks of the portal (of the app chosen, with `appId`) that look like the text (its first 500 characters), scored as grouping scores, public fields only, as the widget offers them. No authentication; limited per client address, in the widget's budget. A portal that is off is not found.",
          tags: ["Portal"],
          path: SLUG,
          body: PortalSimilarRequest,
          responses: { 200: { description: "The look-alikes, most alike first.", schema: WidgetLookAlikes } },
          errors: ["invalid_body", "invalid_json", "not_found", "rate_limited"],
        }),
      },
    );
}

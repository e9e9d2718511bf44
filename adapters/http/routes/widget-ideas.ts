import { Elysia } from "elysia";
import { exactOrigin } from "../../../core/apps/browser-collection.ts";
import type { ErrorCode, Result } from "../../../core/errors.ts";
import { lookAlikes } from "../../../core/portal/look-alikes.ts";
import type { SsoVerifier } from "../../../core/portal-people/portal.ts";
import {
  WidgetLookAlikes,
  WidgetSimilarRequest,
  WidgetVote,
  WidgetVoted,
  WidgetVotedRequest,
  WidgetVoteRequest,
} from "../../../core/schemas/widget.ts";
import type { Services } from "../../../core/services.ts";
import { voteFromWidget } from "../../../core/votes/vote-from-widget.ts";
import { votedFromWidget } from "../../../core/votes/voted-from-widget.ts";
import { readJsonBody } from "../body.ts";
import { operation } from "../docs.ts";
import { acceptedLanguage } from "../language.ts";
import { errorResponse, failureResponse, json, refusedWith } from "../reply.ts";
import { validator } from "../validate.ts";
import { grant, preflight } from "./widget.ts";

const voteBody = validator(WidgetVoteRequest);
const similarBody = validator(WidgetSimilarRequest);
const votedBody = validator(WidgetVotedRequest);

/** What every widget endpoint here refuses first: the page's origin, the body, the widget's key. */
const WIDGET_REFUSALS: ErrorCode[] = ["origin_not_allowed", "invalid_body", "invalid_json", "channel_mismatch", "channel_inactive", "unknown_app"];
/** What the endpoints for the person the site identified refuse before anything else: the widget's key, the body, the portal, the token. */
const PERSON_REFUSALS: ErrorCode[] = [...WIDGET_REFUSALS, "invalid_sso_token", "not_found"];

const ORIGIN_HEADER = { origin: "Sent by the browser; must be one of the app's allowed origins." };

/**
 * The widget's Ideas (DESIGN §7): a vote from the widget by the person the site identified with a
 * single sign-on token, and the published feedbacks that look like what a person is writing. As the
 * widget's other endpoints: a widget key, from an origin its app allows (CORS), every answer but
 * `origin_not_allowed` readable by the page.
 */
export function widgetIdeaRoutes(
  services: Services,
  options: {
    readonly verifySso: SsoVerifier;
    readonly clientAddress: (request: Request) => string;
    /** A vote counted: the portal's anonymous answers kept a moment (render-cache.ts) show the count from before. */
    readonly votesChanged: () => void;
  },
) {
  async function answer(request: Request, handle: (body: unknown, origin: string, address: string) => Promise<Result<unknown>>): Promise<Response> {
    const origin = exactOrigin(request.headers.get("origin") ?? "");
    if (!origin) return errorResponse(request, "origin_not_allowed");
    const headers = grant(origin);
    return refusedWith(request, headers, async () => {
      const result = await handle(await readJsonBody(request), origin, options.clientAddress(request));
      if (!result.ok) return failureResponse(request, result, result.code === "origin_not_allowed" ? {} : headers);
      return json(result.value, 200, { ...headers, "cache-control": "no-store" });
    });
  }

  return new Elysia({ name: "routes/widget-ideas" })
    .options("/v1/widget/votes", preflight, { detail: { hide: true } })
    .options("/v1/widget/similar", preflight, { detail: { hide: true } })
    .options("/v1/widget/voted", preflight, { detail: { hide: true } })
    .post(
      "/v1/widget/votes",
      ({ request }) =>
        answer(request, async (body, origin, address) => {
          if (!voteBody.check(body)) return voteBody.refuse("invalid_body", body);
          const voted = await voteFromWidget(services, options.verifySso, body, { via: "browser", origin }, address, acceptedLanguage(request));
          // The widget lists its ideas again right after: the list it gets must count this vote.
          if (voted.ok && voted.value.counted) options.votesChanged();
          return voted;
        }),
      {
        parse: "none",
        detail: operation({
          summary: "Vote from the widget",
          description:
            "The person the site identified (Retour.identify with a single sign-on token signed with the portal's SSO secret) votes for a published feedback of the widget's app, and follows it. A widget key, from an origin the app allows (CORS). Votes are limited per client address and per person.",
          tags: ["Collection"],
          body: WidgetVoteRequest,
          headers: ORIGIN_HEADER,
          responses: { 200: { description: "The vote is counted (or was already).", schema: WidgetVote } },
          errors: [...PERSON_REFUSALS, "cannot_vote", "rate_limited"],
        }),
      },
    )
    .post(
      "/v1/widget/voted",
      ({ request }) =>
        answer(request, async (body, origin, address) =>
          votedBody.check(body)
            ? votedFromWidget(services, options.verifySso, body, { via: "browser", origin }, address, acceptedLanguage(request))
            : votedBody.refuse("invalid_body", body),
        ),
      {
        parse: "none",
        detail: operation({
          summary: "Which listed feedbacks count the person's vote",
          description:
            "For the widget's Ideas tab: of the published feedbacks it lists (at most 20 keys), those whose votes count the person the site identified (Retour.identify with a single sign-on token), by their vote there or on a feedback merged into it, so that their buttons say so before they are pressed. A widget key, from an origin the app allows (CORS); limited per client address. A key that is no published feedback of the app is left out.",
          tags: ["Collection"],
          body: WidgetVotedRequest,
          headers: ORIGIN_HEADER,
          responses: { 200: { description: "The keys asked that count the person's vote.", schema: WidgetVoted } },
          errors: [...PERSON_REFUSALS, "rate_limited"],
        }),
      },
    )
    .post(
      "/v1/widget/similar",
      ({ request }) =>
        answer(request, async (body, origin, address) =>
          similarBody.check(body)
            ? lookAlikes(services, body, { via: "browser", origin }, address, acceptedLanguage(request))
            : similarBody.refuse("invalid_body", body),
        ),
      {
        parse: "none",
        detail: operation({
          summary: "Published feedbacks that look like a text",
          description:
            "While a person writes in the widget: at most three published feedbacks of the widget's app that look like the text (its first 500 characters), scored as grouping scores, public fields only. A widget key, from an origin the app allows (CORS); limited per client address. A portal that is off is not found.",
          tags: ["Collection"],
          body: WidgetSimilarRequest,
          headers: ORIGIN_HEADER,
          responses: { 200: { description: "The look-alikes, most alike first.", schema: WidgetLookAlikes } },
          errors: [...WIDGET_REFUSALS, "not_found", "rate_limited"],
        }),
      },
    );
}

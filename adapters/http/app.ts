import { openapi } from "@elysiajs/openapi";
import { Elysia, ValidationError } from "elysia";
import { ErrorBody } from "../../core/errors.ts";
import { rateLimitAddress } from "../../core/rate-limits/rate-limit-address.ts";
import { AppList, FeatureList, Feature, App } from "../../core/schemas/catalog.ts";
import { Feedback, FeedbackPage, FeedbackSummary, Report, StatusChange } from "../../core/schemas/feedback.ts";
import { MergeRequest, SimilarFeedback, SimilarList } from "../../core/schemas/merges.ts";
import { Trends } from "../../core/schemas/trends.ts";
import { QualificationAnswer, QualificationQuestion, QualificationStep } from "../../core/schemas/qualification.ts";
import { QualifiedReportResponse, ReportRequest, ReportResponse } from "../../core/schemas/report.ts";
import {
  BrowserContext,
  WidgetAttachment,
  WidgetReportRequest,
  WidgetSettings,
  WidgetLookAlikes,
  WidgetSimilarRequest,
  WidgetVote,
  WidgetVoted,
  WidgetVotedRequest,
  WidgetVoteRequest,
} from "../../core/schemas/widget.ts";
import type { Services } from "../../core/services.ts";
import { checkHealth } from "../../core/upkeep/check-health.ts";
import { STORE_RETRY_AFTER_S, unavailableReason } from "../../core/store-unavailable.ts";
import { formLineBreaksAsLf } from "./form-line-breaks.ts";
import { allowedMethods } from "./allowed-methods.ts";
import { ownDescriptions, strip } from "./docs.ts";
import { errorResponse, failureResponse, HttpFailure } from "./reply.ts";
import { bodyRefusal } from "./json-body.ts";
import { sentCookies, type WebRequest } from "./cookies.ts";
import { pageNotFound } from "./page-not-found.ts";
import { feedbackRoutes, type ServiceFailureLog } from "./routes/feedbacks.ts";
import { mergeRoutes } from "./routes/merges.ts";
import { reportRoutes } from "./routes/reports.ts";
import { widgetRoutes } from "./routes/widget.ts";
import { widgetIdeaRoutes } from "./routes/widget-ideas.ts";
import { hostedFormRoutes } from "./routes/hosted-form.ts";
import { widgetAssetRoutes, type WidgetScripts } from "./routes/widget-assets.ts";
import { accountRoutes } from "./routes/account.ts";
import { AgentList, agentRoutes } from "./routes/agents.ts";
import { oauthRoutes } from "./routes/oauth.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { unsubscribeRoutes } from "./routes/unsubscribe.ts";
import { attachmentRoutes } from "./routes/attachments.ts";
import { trackingRoutes } from "./routes/tracking.ts";
import { inboxRoutes } from "./routes/inbox.ts";
import { duplicateRoutes } from "./routes/duplicates.ts";
import { trendRoutes } from "./routes/trends.ts";
import { settingsRoutes } from "./routes/settings.ts";
import { settingsAccessRoutes } from "./routes/settings-access.ts";
import { settingsSlackRoutes } from "./routes/settings-slack.ts";
import { faviconRoutes } from "./routes/favicon.ts";
import { triageRoutes } from "./routes/triage.ts";
import { apiKeyRoutes } from "./routes/api-keys.ts";
import { inboxTriageRoutes } from "./routes/inbox-triage.ts";
import { settingsApiKeyRoutes } from "./routes/settings-api-keys.ts";
import { settingsTagRoutes } from "./routes/settings-tags.ts";
import { BulkRequest, BulkResults, FeedbackUpdate, TagList } from "../../core/schemas/triage.ts";
import { ApiKeyCreate, ApiKeyList, ApiKeyWithSecret } from "../../core/api-keys/create-api-key.ts";
import { WebhookCreate, WebhookList, WebhookView, WebhookWithSecret } from "../../core/webhooks/schemas.ts";
import { ChangelogCreate, ChangelogEntry, ChangelogList, ChangelogPatch } from "../../core/schemas/changelog.ts";
import { changelogRoutes } from "./routes/changelog.ts";
import { publicChangelogRoutes } from "./routes/public-changelog.ts";
import { changelogPageRoutes } from "./routes/changelog-page.ts";
import { Invitation, InvitationCreate, InvitationList, InvitationWithLink } from "../../core/team/schemas.ts";
import { invitationRoutes } from "./routes/invitations.ts";
import { passwordResetRoutes } from "./routes/password-reset.ts";
import { joinRoutes } from "./routes/join.ts";
import { teamSettingsRoutes } from "./routes/team-settings.ts";
import { VoteRequest, VoterList } from "../../core/schemas/votes.ts";
import { voteRoutes } from "./routes/votes.ts";
import { type PortalPeopleOptions, portalPeopleRoutes } from "./routes/portal-people.ts";
import { portalRoutes } from "./routes/portal.ts";
import { portalEntry } from "../../core/portal/sso-secret.ts";
import { renderCache } from "./portal/render-cache.ts";
import { portalPublicRoutes } from "./routes/portal-public.ts";
import { portalPageRoutes } from "./routes/portal-pages.ts";
import { inboxPortalRoutes } from "./routes/inbox-portal.ts";
import { settingsPortalRoutes } from "./routes/settings-portal.ts";
import { portalPostingRoutes } from "./routes/portal-posting.ts";
import { CommentRequest } from "../../core/schemas/comment.ts";
import {
  Portal,
  PortalUpdate,
  PublicFeedback,
  PublicFeedbackPage,
  PortalSimilarRequest,
  PublicFeedbackSummary,
  PublishRequest,
  SsoSecret,
} from "../../core/schemas/portal.ts";

interface HttpOptions {
  readonly reportsPerMinute: number;
  /** Reports per widget key and minute, from all addresses together. */
  readonly widgetKeyPerMinute: number;
  readonly apiPerMinute: number;
  /** Dynamic client registrations per client address and hour. */
  readonly registrationsPerHour: number;
  /** The address of a request's client, as the server saw it: each address (each /64 for IPv6, rateLimitAddress) has its own budgets. */
  readonly clientAddress: (request: Request) => string;
  /** Called with errors that are bugs, for the log. */
  readonly onUnexpected: (error: unknown, request: Request) => void;
  /** Called with each request refused because the store cannot write (core/store-unavailable.ts), for the log: no bug, and its operator has to act. */
  readonly onStoreUnavailable: (error: unknown) => void;
  /** Called with a failure of a service a request needed (an issue tracker), with what it answered (`cause`, without secrets), for the log. */
  readonly onServiceFailure: ServiceFailureLog;
  /** The MCP server, mounted at /mcp; it reads its own body, and counts create_report in the client address's budget. */
  readonly mcp?: (request: Request, clientAddress: string) => Promise<Response>;
  /** Builds the widget's scripts, on the first request for one; without it, the widget is not served. */
  readonly widget?: () => Promise<WidgetScripts>;
  /**
   * Incoming webhooks of issue trackers, by provider, mounted at /integrations/{provider}/webhook.
   * Each is handed its body as sent (the signature is computed over those bytes) and as JSON; a body
   * that is not JSON is refused here, with 400 invalid_json.
   */
  readonly integrations?: Readonly<Record<string, (request: Request, raw: string, event: unknown) => Promise<Response>>>;
  /** Slack's request URLs, by name (commands, interactions, events), mounted at /integrations/slack/{name}. */
  readonly slack?: Readonly<Record<string, (request: Request) => Promise<Response>>>;
  /** The portals' people (sign-in, single sign-on, votes) at /p/{slug}/…: how SSO tokens are read, and (for tests) which slugs name a portal. */
  readonly portals?: Partial<Omit<PortalPeopleOptions, "clientAddress">>;
  /** How long this process keeps an anonymous portal answer for all its readers (render-cache.ts); 0 or absent: not kept. */
  readonly portalCacheMs?: number;
}

const COMPONENTS = [
  ReportRequest,
  ReportResponse,
  QualifiedReportResponse,
  WidgetReportRequest,
  BrowserContext,
  WidgetAttachment,
  WidgetSettings,
  QualificationStep,
  WidgetVoteRequest,
  WidgetVote,
  WidgetVotedRequest,
  WidgetVoted,
  WidgetSimilarRequest,
  WidgetLookAlikes,
  QualificationQuestion,
  QualificationAnswer,
  FeedbackSummary,
  Feedback,
  Report,
  FeedbackPage,
  StatusChange,
  MergeRequest,
  SimilarFeedback,
  SimilarList,
  Trends,
  App,
  AppList,
  Feature,
  FeatureList,
  AgentList,
  WebhookCreate,
  WebhookView,
  WebhookWithSecret,
  WebhookList,
  InvitationCreate,
  Invitation,
  InvitationWithLink,
  InvitationList,
  ErrorBody,
  ChangelogEntry,
  ChangelogList,
  ChangelogCreate,
  ChangelogPatch,
  VoteRequest,
  VoterList,
  Portal,
  PortalUpdate,
  SsoSecret,
  PublishRequest,
  CommentRequest,
  PublicFeedbackSummary,
  PublicFeedback,
  PublicFeedbackPage,
  PortalSimilarRequest,
  FeedbackUpdate,
  TagList,
  BulkRequest,
  BulkResults,
  ApiKeyCreate,
  ApiKeyList,
  ApiKeyWithSecret,
];

/** The API's OpenAPI 3.1 description, served at /openapi.json, with the service's own address as its server. */
function openapiDocument(baseUrl: string) {
  const described = openapi({
    provider: null,
    openapiVersion: "3.1.0",
    specPath: "/openapi.json",
    exclude: { paths: ["/openapi.json", "/health", "/mcp"] },
    documentation: {
      info: { title: "Retour API", version: "1", description: "Collect user feedback, group it, and read and manage it." },
      servers: [{ url: baseUrl }],
      components: {
        schemas: Object.fromEntries(COMPONENTS.map((s) => [s.$id!, strip(s)])),
        securitySchemes: {
          bearer: {
            type: "http",
            scheme: "bearer",
            description: "An agent's OAuth 2.0 access token, a personal access token (rtr_…) or an organization API key (rtr_key_…).",
          },
        },
      },
    },
  } as Parameters<typeof openapi>[0]);
  return new Elysia({ name: "http/openapi" })
    .onAfterHandle({ as: "scoped" }, ({ path, response }) =>
      path === "/openapi.json" ? ownDescriptions(response as Parameters<typeof ownDescriptions>[0]) : undefined,
    )
    .use(described);
}

/** Until a reader of SSO tokens is given, no token signs anyone in. */
const NO_SSO: PortalPeopleOptions["verifySso"] = async () => ({ refused: "this service reads no single sign-on token" });

/** Whether the request's path holds a `%` escape that does not decode (`%FF`, a lone `%`). */
function undecodablePath(url: string): boolean {
  // Every request passes here, reports included: the address is parsed only when it holds an escape.
  if (!url.includes("%")) return false;
  const { pathname } = new URL(url);
  if (!pathname.includes("%")) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The budget key of each request's client address (rateLimitAddress), kept for the addresses last
 * seen: parsing an IPv6 address, or an IPv4 one as a dual-stack socket writes it (::ffff:a.b.c.d),
 * cost 16 µs of every report on the server's thread, and clients come back.
 */
function rememberedKeys(clientAddress: (request: Request) => string): (request: Request) => string {
  const keys = new Map<string, string>();
  return (request) => {
    const address = clientAddress(request);
    let key = keys.get(address);
    if (key === undefined) {
      if (keys.size >= 10_000) keys.clear();
      key = rateLimitAddress(address);
      keys.set(address, key);
    }
    return key;
  };
}

/** The REST interface: one Elysia instance per route group, errors mapped to `{error, code}` in one place. */
export function createHttpApp(services: Services, options: HttpOptions) {
  const mcp = options.mcp;
  // The client's address serves its budgets alone, every one of them kept per network for IPv6 (a client holds a /64).
  const budgetAddress = rememberedKeys(options.clientAddress);
  // Reports, the hosted form and the widget share one budget per client address.
  const collection = { perMinute: options.reportsPerMinute, clientAddress: budgetAddress };
  // Bodies are checked as they are sent: normalizing would drop unknown fields the schemas refuse.
  const app = new Elysia({ normalize: false });
  // A path whose escapes do not decode names nothing: Elysia would hand its route a null parameter.
  app.onRequest(({ request }) => (undecodablePath(request.url) ? nothingHere({ request, cookie: sentCookies(request) }, []) : undefined));
  app.onTransform({ as: "global" }, ({ request, body }) => formLineBreaksAsLf(request, body));
  /**
   * What a thrown error answers: a refusal its code names, a store that cannot write (503, to retry),
   * else a bug (500, logged). The routes mounted before `onError` (raw bodies) catch with it themselves.
   */
  const thrown = (error: unknown, request: Request): Response => {
    if (error instanceof HttpFailure) return errorResponse(request, error.code, error.retryAfter);
    if (unavailableReason(error)) {
      options.onStoreUnavailable(error);
      return errorResponse(request, "store_unavailable", STORE_RETRY_AFTER_S);
    }
    options.onUnexpected(error, request);
    return errorResponse(request, "internal_error");
  };
  // Mounted before any hook that parses bodies: the MCP handler reads the raw request.
  if (mcp)
    app.all("/mcp", ({ request }) => mcp(request, budgetAddress(request)).catch((error: unknown) => thrown(error, request)), {
      parse: "none",
      detail: { hide: true },
    });
  // Raw bodies: a tracker's signature is computed over the exact bytes it sent.
  for (const [provider, handle] of Object.entries(options.integrations ?? {})) {
    app.post(
      `/integrations/${provider}/webhook`,
      async ({ request }) => {
        const raw = await request.text();
        let event: unknown;
        try {
          event = JSON.parse(raw);
        } catch {
          return errorResponse(request, "invalid_json");
        }
        return handle(request, raw, event).catch((error: unknown) => thrown(error, request));
      },
      { parse: "none", detail: { hide: true } },
    );
  }
  for (const [name, handle] of Object.entries(options.slack ?? {})) {
    app.post(`/integrations/slack/${name}`, ({ request }) => handle(request).catch((error: unknown) => thrown(error, request)), {
      parse: "none",
      detail: { hide: true },
    });
  }
  const portalCache = renderCache(options.portalCacheMs ?? 0, services.clock);
  // Built once, on the first request that needs it.
  const build = options.widget;
  let built: Promise<WidgetScripts> | undefined;
  const widget = build && (() => (built ??= build()));
  if (widget) app.use(widgetAssetRoutes(widget));
  // Known once every route is mounted; only a request that matched none asks.
  let methodsOf: ((pathname: string) => string[]) | undefined;
  /** No page at this address, or none for this method (`allowed` lists the others): a page for a browser, else `{error, code}`. */
  const nothingHere = async (web: WebRequest, allowed: readonly string[]): Promise<Response> => {
    const shown = await pageNotFound(services, web, allowed).catch((error) => {
      // Who asks is read from the store: should it fail, the 404 or 405 is still said, as JSON.
      options.onUnexpected(error, web.request);
      return null;
    });
    if (shown) return shown;
    return allowed.length > 0
      ? errorResponse(web.request, "method_not_allowed", undefined, { allow: allowed.join(", ") })
      : errorResponse(web.request, "not_found");
  };
  const notFound = (web: WebRequest): Promise<Response> => {
    methodsOf ??= allowedMethods(app.routes);
    return nothingHere(web, methodsOf(new URL(web.request.url).pathname));
  };
  return app
    .onError(({ code, error, request }) => {
      if (code === "PARSE") return errorResponse(request, error.cause instanceof HttpFailure ? error.cause.code : "invalid_json");
      // No route matched: Elysia made no cookie jar; the request's own cookies say who is asking. (Naming
      // Elysia's jar here would have it parse every request's cookies, and copy every Response answered.)
      if (code === "NOT_FOUND") return notFound({ request, cookie: sentCookies(request) });
      const refused = error instanceof ValidationError ? bodyRefusal(error) : null;
      if (refused) return failureResponse(request, refused);
      return thrown(error, request);
    })
    .use(openapiDocument(services.baseUrl))
    .get("/health", async () => {
      const up = await checkHealth(services);
      return new Response(JSON.stringify({ ok: up }), { status: up ? 200 : 503, headers: { "content-type": "application/json" } });
    })
    .use(reportRoutes(services, collection))
    .use(widgetRoutes(services, { budget: collection, widgetKeyPerMinute: options.widgetKeyPerMinute }))
    .use(hostedFormRoutes(services, collection))
    .use(triageRoutes(services, options.apiPerMinute))
    .use(feedbackRoutes(services, options.apiPerMinute, options.onServiceFailure))
    .use(mergeRoutes(services, options.apiPerMinute))
    .use(agentRoutes(services, options.apiPerMinute))
    .use(webhookRoutes(services, options.apiPerMinute))
    .use(oauthRoutes(services, options.registrationsPerHour, budgetAddress))
    .use(accountRoutes(services, budgetAddress))
    .use(unsubscribeRoutes(services))
    .use(attachmentRoutes(services))
    .use(trackingRoutes(services, budgetAddress))
    .use(inboxRoutes(services, options.onServiceFailure, widget))
    .use(duplicateRoutes(services))
    .use(trendRoutes(services))
    .use(settingsRoutes(services))
    .use(settingsAccessRoutes(services))
    .use(faviconRoutes())
    .use(changelogRoutes(services, options.apiPerMinute))
    .use(publicChangelogRoutes(services))
    .use(changelogPageRoutes(services))
    .use(settingsSlackRoutes(services))
    .use(invitationRoutes(services, options.apiPerMinute))
    .use(passwordResetRoutes(services, budgetAddress))
    .use(joinRoutes(services, budgetAddress))
    .use(teamSettingsRoutes(services))
    .use(voteRoutes(services, options.apiPerMinute))
    .use(
      portalPeopleRoutes(services, {
        lookup: (slug) => portalEntry(services, slug),
        verifySso: NO_SSO,
        ...options.portals,
        clientAddress: budgetAddress,
      }),
    )
    .use(portalPublicRoutes(services, portalCache, budgetAddress))
    .use(portalRoutes(services, options.apiPerMinute))
    .use(portalPageRoutes(services, portalCache))
    .use(inboxPortalRoutes(services))
    .use(settingsPortalRoutes(services))
    .use(apiKeyRoutes(services, options.apiPerMinute))
    .use(inboxTriageRoutes(services))
    .use(settingsApiKeyRoutes(services))
    .use(settingsTagRoutes(services))
    .use(
      widgetIdeaRoutes(services, {
        verifySso: options.portals?.verifySso ?? NO_SSO,
        clientAddress: budgetAddress,
        votesChanged: portalCache.forgetAll,
      }),
    )
    .use(portalPostingRoutes(services, budgetAddress));
}

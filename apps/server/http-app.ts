import { buildWidget } from "../widget/build.ts";
import type { Elysia } from "elysia";
import { createHttpApp } from "../../adapters/http/app.ts";
import { verifySsoToken } from "../../adapters/portal-sso/verify-token.ts";
import { argumentsBody, failureBody } from "../../adapters/http/catalog/text.ts";
import { failureResponse } from "../../adapters/http/reply.ts";
import { acceptedLanguage } from "../../adapters/http/language.ts";
import { createMcpHandler } from "../../adapters/mcp/handler.ts";
import { createGithubWebhookHandler } from "../../adapters/github/webhook.ts";
import { createSlackHandlers } from "../../adapters/slack/requests.ts";
import { createBridgeWebhookHandler } from "../../adapters/tracker-bridge/webhook.ts";
import { createLinearWebhookHandler } from "../../adapters/linear/webhook.ts";
import { createJiraWebhookHandler } from "../../adapters/jira/webhook.ts";
import type { Services } from "../../core/services.ts";

type HttpOptions = Parameters<typeof createHttpApp>[1];

/** What the HTTP application takes from its host: the budgets, how it learns a client's address, where bugs go. */
type Settings = Pick<
  HttpOptions,
  | "reportsPerMinute"
  | "widgetKeyPerMinute"
  | "apiPerMinute"
  | "registrationsPerHour"
  | "clientAddress"
  | "onUnexpected"
  | "onStoreUnavailable"
  | "onServiceFailure"
  | "portalCacheMs"
  | "portals"
>;

/**
 * The service's HTTP application with every surface mounted (REST, pages, widget, MCP, trackers'
 * and Slack's webhooks, portals), as the server serves it. The server and the tests assemble it
 * here, so an application a test serves is the one people reach.
 */
export function assembleHttpApp(services: Services, settings: Settings): Elysia {
  const budgets = { apiPerMinute: settings.apiPerMinute, reportsPerMinute: settings.reportsPerMinute };
  return createHttpApp(services, {
    ...settings,
    widget: buildWidget,
    portals: { verifySso: verifySsoToken, ...settings.portals },
    mcp: createMcpHandler(services, budgets, {
      describe: (failure, request) => failureBody(failure, acceptedLanguage(request)),
      describeArguments: (failure, request) => argumentsBody(failure.code, acceptedLanguage(request), failure.problem),
      refuse: failureResponse,
    }),
    integrations: {
      github: createGithubWebhookHandler(services, failureResponse),
      bridge: createBridgeWebhookHandler(services, failureResponse),
      linear: createLinearWebhookHandler(services, failureResponse),
      jira: createJiraWebhookHandler(services, failureResponse),
    },
    slack: createSlackHandlers(services, failureResponse),
  }) as unknown as Elysia;
}

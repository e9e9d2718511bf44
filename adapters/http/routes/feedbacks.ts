import { Elysia } from "elysia";
import { Type } from "@sinclair/typebox";
import { linkTracker } from "../../../core/trackers/link.ts";
import { setFollowing } from "../../../core/notify/set-following.ts";
import { type Failure, invalid, ok, type Result } from "../../../core/errors.ts";
import { Feedback, FeedbackListQuery, FeedbackPage, Report } from "../../../core/schemas/feedback.ts";
import { AppList, FeatureList } from "../../../core/schemas/catalog.ts";
import type { Services } from "../../../core/services.ts";
import { updateFeedback } from "../../../core/triage/update-feedback.ts";
import { FeedbackUpdate } from "../../../core/schemas/triage.ts";
import { getFeedback } from "../../../core/feedback/get-feedback.ts";
import { getReport } from "../../../core/feedback/get-report.ts";
import { listApps } from "../../../core/catalog/list-apps.ts";
import { listFeatures } from "../../../core/catalog/list-features.ts";
import { listFeedbacks } from "../../../core/feedback/list-feedbacks.ts";
import { getAppTrends } from "../../../core/trends/get-app-trends.ts";
import { Trends, TrendsQuery } from "../../../core/schemas/trends.ts";
import { bearer } from "../bearer.ts";
import { jsonBody, jsonBodies } from "../json-body.ts";
import { operation } from "../docs.ts";
import { json, survivor } from "../reply.ts";
import { validator } from "../validate.ts";

const TrackerLinkRequest = Type.Object(
  {
    issue: Type.Optional(
      Type.String({
        minLength: 1,
        description: "An existing issue of the app's tracker: its number or key (17, ENG-12), or its address; a new one is opened when absent.",
      }),
    ),
  },
  { description: "Inline: used by this route only.", additionalProperties: false },
);
const listQuery = validator(FeedbackListQuery);
const trendsQuery = validator(TrendsQuery);
const Following = Type.Object({ following: Type.Boolean() });
const followDoc = (summary: string, description: string) =>
  operation({
    summary,
    description,
    tags: ["Feedbacks"],
    path: { key: "The readable key or the identifier." },
    responses: { 200: { description: "Whether the person now follows it.", schema: Following } },
    // A person follows with their own address: an organization's API key, which is no one, is refused.
    errors: ["not_found", "forbidden"],
  });

/** Query parameters as an object; a repeated one is refused (which value was meant is anyone's guess). */
export function singleValued(params: URLSearchParams): Result<Record<string, string>> {
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in query) return invalid("invalid_query", { field: name, reason: "repeated" });
    query[name] = value;
  }
  return ok(query);
}

/** Where what a service answered a request that needed it goes when it failed: the operator's log. */
export type ServiceFailureLog = (failure: Failure, request: Request) => void;

/** The value as JSON, or the refusal with its challenge. */
const reply = <T>(refuse: (failure: Failure) => Response, result: Result<T>): Response => (result.ok ? json(result.value) : refuse(result));

/** Reading and writing routes: Bearer token, scopes, and a budget per token; what a tracker answered when linking failed goes to `onServiceFailure`. */
export function feedbackRoutes(services: Services, apiPerMinute: number, onServiceFailure: ServiceFailureLog) {
  return new Elysia({ name: "routes/feedbacks" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .get(
      "/v1/feedbacks",
      async ({ request, grant, refuse }) => {
        // Read from the address, not Elysia's query: a repeated parameter is refused, and numbers are read exactly.
        const query = singleValued(new URL(request.url).searchParams);
        if (!query.ok) return refuse(query);
        const converted = listQuery.fromQuery(query.value);
        if (!listQuery.check(converted)) return refuse(listQuery.refuse("invalid_query", converted));
        return reply(refuse, await listFeedbacks(services, grant, converted));
      },
      {
        operation: "feedbacks.read",
        detail: operation({
          summary: "List feedbacks",
          description: "Feedbacks of the organization, most recently active first, filtered on the server, paged by cursor.",
          tags: ["Feedbacks"],
          query: FeedbackListQuery,
          responses: { 200: { description: "One page of feedbacks.", schema: FeedbackPage } },
          errors: ["invalid_query", "invalid_cursor"],
        }),
      },
    )
    .get(
      "/v1/feedbacks/:key",
      async ({ params, grant, refuse }) => {
        const found = await getFeedback(services, grant, params.key);
        return found.ok ? survivor(found.value) : refuse(found);
      },
      {
        operation: "feedbacks.read",
        detail: operation({
          summary: "Read a feedback",
          description: "One feedback, its reports and, with the add-on, the full context.",
          tags: ["Feedbacks"],
          path: { key: "The readable key or the identifier." },
          responses: { 200: { description: "The feedback.", schema: Feedback } },
          errors: ["not_found"],
        }),
      },
    )
    .get(
      "/v1/feedbacks/:key/reports/:reportId",
      async ({ params, grant, refuse }) => reply(refuse, await getReport(services, grant, params.key, params.reportId)),
      {
        operation: "feedbacks.read",
        detail: operation({
          summary: "Read a report of a feedback",
          description:
            "One report of the feedback with, with the add-on, what it alone carried: its qualification conversation, page, browser, system, screen, console, network errors, breadcrumbs, metadata, and signed links to its screenshot and replay. Beyond the specification.",
          tags: ["Feedbacks"],
          path: { key: "The readable key or the identifier.", reportId: "The report's id, as reportList gives it." },
          responses: { 200: { description: "The report with its own context.", schema: Report } },
          errors: ["not_found"],
        }),
      },
    )
    .patch(
      "/v1/feedbacks/:key",
      async ({ params, grant, body, refuse }) => {
        const updated = await updateFeedback(services, grant, params.key, body);
        return updated.ok ? survivor(updated.value) : refuse(updated);
      },
      {
        operation: "feedbacks.update",
        ...jsonBody(FeedbackUpdate, "invalid_body"),
        detail: operation({
          summary: "Change the status of a feedback, or its triage fields",
          description:
            "Same effect as from the inbox, in the name of the person who authorized the token. Beyond the specification, the triage fields (owner, dueAt, severity, kind, featureId, title, tags) may be sent too, and status is then optional; a change of status keeps its events, the others emit none. A tag new to the organization past its 500 tags is refused with 409 limit_reached, which only tags answer. A key merged into another changes that one, and says so as a read does (mergedInto, Content-Location).",
          tags: ["Feedbacks"],
          path: { key: "The readable key or the identifier." },
          body: FeedbackUpdate,
          responses: { 200: { description: "The updated feedback.", schema: Feedback } },
          errors: ["invalid_json", "invalid_body", "payload_too_large", "not_found", "unknown_owner", "unknown_feature", "limit_reached"],
        }),
      },
    )
    .post(
      "/v1/feedbacks/:key/tracker",
      async ({ request, params, grant, body, refuse }) => {
        const linked = await linkTracker(services, grant, params.key, body.issue);
        // The person reads the catalog's words; the operator needs the tracker's own (its error code, its message), or the store's.
        if (!linked.ok && linked.cause) onServiceFailure(linked, request);
        return reply(refuse, linked);
      },
      {
        operation: "feedbacks.update",
        ...jsonBody(TrackerLinkRequest, "invalid_body"),
        detail: operation({
          summary: "Link the tracker issue",
          description:
            "Links the feedback to an existing issue of its app's tracker, or opens one when no issue is given; a feedback linked already opens no second one (409 tracker_linked), but an issue named replaces the link. An issue opened that could not then be linked (the store failing) is named in a 500 internal_error, to be linked by sending it as issue rather than opened again. Beyond the specification.",
          tags: ["Feedbacks"],
          path: { key: "The readable key or the identifier." },
          body: TrackerLinkRequest,
          responses: { 200: { description: "The feedback, with its trackerIssue.", schema: Feedback } },
          errors: ["invalid_json", "invalid_body", "not_found", "no_tracker", "tracker_linked", "tracker_unavailable", "internal_error"],
        }),
      },
    )
    .post("/v1/feedbacks/:key/followers", async ({ params, grant, refuse }) => reply(refuse, await setFollowing(services, grant, params.key, true)), {
      operation: "feedbacks.read",
      detail: followDoc(
        "Follow a feedback",
        "The token's person follows the feedback and is told by e-mail when it is delivered. Beyond the specification.",
      ),
    })
    .delete(
      "/v1/feedbacks/:key/followers",
      async ({ params, grant, refuse }) => reply(refuse, await setFollowing(services, grant, params.key, false)),
      { operation: "feedbacks.read", detail: followDoc("Stop following a feedback", "Beyond the specification.") },
    )
    .get("/v1/apps", async ({ grant, refuse }) => reply(refuse, await listApps(services, grant)), {
      operation: "feedbacks.read",
      detail: operation({
        summary: "List apps",
        tags: ["Apps"],
        responses: { 200: { description: "The apps of the organization.", schema: AppList } },
      }),
    })
    .get(
      "/v1/apps/:id/trends",
      async ({ request, params, grant, refuse }) => {
        const query = singleValued(new URL(request.url).searchParams);
        if (!query.ok) return refuse(query);
        if (!trendsQuery.check(query.value)) return refuse(trendsQuery.refuse("invalid_query", query.value));
        return reply(refuse, await getAppTrends(services, grant, params.id, query.value));
      },
      {
        operation: "feedbacks.read",
        detail: operation({
          summary: "Trends of an app",
          description:
            "Reports received per day over the last 30 or 90 days (UTC), by kind and by feature, and the features whose reports grew most in the last 7 days against the 7 before.",
          tags: ["Apps"],
          path: { id: "App id." },
          query: TrendsQuery,
          responses: { 200: { description: "The app's trends.", schema: Trends } },
          errors: ["invalid_query", "not_found"],
        }),
      },
    )
    .get("/v1/apps/:id/features", async ({ params, grant, refuse }) => reply(refuse, await listFeatures(services, grant, params.id)), {
      operation: "feedbacks.read",
      detail: operation({
        summary: "Feature map of an app",
        description: "Flat feature map with the number of open feedbacks on each.",
        tags: ["Apps"],
        path: { id: "App id." },
        responses: { 200: { description: "The features.", schema: FeatureList } },
        errors: ["not_found"],
      }),
    });
}

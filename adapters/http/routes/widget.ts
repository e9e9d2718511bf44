import { Elysia } from "elysia";
import { exactOrigin } from "../../../core/apps/browser-collection.ts";
import { fail } from "../../../core/errors.ts";
import { QualificationAnswer, QualificationStep } from "../../../core/schemas/qualification.ts";
import { overLongMessage, ReportResponse } from "../../../core/schemas/report.ts";
import { WidgetReportRequest, WidgetSettings as WidgetSettingsSchema } from "../../../core/schemas/widget.ts";
import { widgetSettings } from "../../../core/collection/widget-settings.ts";
import type { Services } from "../../../core/services.ts";
import { answerQualification } from "../../../core/qualification/answer-qualification.ts";
import { checkRateLimit } from "../../../core/rate-limits/check-rate-limit.ts";
import type { Submitted } from "../../../core/report/record-feedback.ts";
import type { Sender } from "../../../core/collection/open-channel.ts";
import { submitReport } from "../../../core/collection/submit-report.ts";
import type { Failure, Result } from "../../../core/errors.ts";
import { type AddressBudget, admitReport, idempotencyKey, outcomeResponse, replayed } from "../collection.ts";
import { operation } from "../docs.ts";
import { acceptedLanguage } from "../language.ts";
import { errorResponse, failureResponse, json, refusedWith } from "../reply.ts";
import { validator } from "../validate.ts";

const reportBody = validator(WidgetReportRequest);
const answerBody = validator(QualificationAnswer);

/** Headers a page's script may send and read. */
const REQUEST_HEADERS = "content-type, idempotency-key, accept-language";
const EXPOSED_HEADERS = "idempotent-replayed, retry-after, content-language";

/**
 * The CORS grant of an answer to `origin`. Every answer but a report's `origin_not_allowed`
 * carries it: the others say nothing about an app that the page could not learn by sending, and
 * the widget must read them (a rate limit, a bad field) to tell the person.
 */
export const grant = (origin: string): Record<string, string> => ({
  "access-control-allow-origin": origin,
  "access-control-expose-headers": EXPOSED_HEADERS,
  vary: "Origin",
});

/**
 * The grant of a config refusal to a page with no origin to allow (opened as a file, or in a
 * sandbox: the browser sends `Origin: null`). The loader must read the refusal to draw no launcher
 * and say why; a refusal holds no settings, and `null` is never granted a report.
 */
const OPAQUE_PAGE_GRANT = { "access-control-allow-origin": "null", vary: "Origin" };

/** A preflight cannot tell which app it is for (it has no body): it grants any web origin. */
export const preflight = ({ request }: { request: Request }) => {
  const origin = exactOrigin(request.headers.get("origin") ?? "");
  if (!origin) return errorResponse(request, "origin_not_allowed");
  return new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": origin,
      "access-control-allow-methods": "POST",
      "access-control-allow-headers": REQUEST_HEADERS,
      "access-control-max-age": "600",
      vary: "Origin",
    },
  });
};

/**
 * Collection from browsers: the widget's two endpoints, with CORS. Anyone can read a widget key
 * from a page, so a key only works from the origins its app lists (browsers vouch for `Origin`).
 * A preflight cannot tell which app it is for (it has no body), so it grants any web origin;
 * the request itself is then answered without a grant unless its app allows the origin.
 */
export function widgetRoutes(services: Services, limits: { budget: AddressBudget; widgetKeyPerMinute: number }) {
  async function collect(request: Request, submit: (body: unknown, sender: Sender) => Promise<Result<Submitted>>): Promise<Response> {
    const origin = exactOrigin(request.headers.get("origin") ?? "");
    if (!origin) return errorResponse(request, "origin_not_allowed");
    const headers = grant(origin);
    return refusedWith(request, headers, async () => {
      const body = await admitReport(services, request, limits.budget);
      const result = await submit(body, { via: "browser", origin });
      if (!result.ok) return failureResponse(request, result, result.code === "origin_not_allowed" ? {} : headers);
      return outcomeResponse(result.value.outcome, { ...headers, ...replayed(result.value) });
    });
  }

  /** The second budget: one widget key's reports, from every address together. */
  async function keyBudget(key: string): Promise<Failure | null> {
    const limited = await checkRateLimit(services.store, services.clock, `widget:${key}`, limits.widgetKeyPerMinute);
    return limited.ok ? null : limited;
  }

  const BROWSER_ERRORS = ["origin_not_allowed", "rate_limited", "payload_too_large", "invalid_json", "invalid_idempotency_key"] as const;

  // Raw bodies, as on /v1/reports: the address's budget is counted before the body is read, and an
  // over-long message is 413 message_too_long where any other mismatch is 400 invalid_ingest.
  return new Elysia({ name: "routes/widget" })
    .get(
      "/v1/widget/config",
      async ({ request, query }) => {
        const sent = request.headers.get("origin");
        const origin = exactOrigin(sent ?? "");
        const settings = await widgetSettings(services, query.key ?? "", { via: "browser", origin });
        // Every refusal here is readable, origin_not_allowed too: it tells the loader to draw no
        // launcher and the page's developer why (anyone can learn it without a browser; no report is taken).
        if (!settings.ok) return failureResponse(request, settings, origin ? grant(origin) : sent === "null" ? OPAQUE_PAGE_GRANT : {});
        // Cached a short while by the browser: a page view does not cost a request each time.
        return json(settings.value, 200, { ...grant(origin!), "cache-control": "private, max-age=300" });
      },
      {
        detail: operation({
          summary: "The widget's settings",
          description: "What the widget needs before anyone reports: whether it keeps a replay. Query parameter key: the widget key.",
          tags: ["Collection"],
          headers: { origin: "Sent by the browser; must be one of the app's allowed origins." },
          responses: { 200: { description: "The settings.", schema: WidgetSettingsSchema } },
          errors: ["origin_not_allowed", "channel_mismatch", "channel_inactive", "unknown_app"],
        }),
      },
    )
    .options("/v1/widget/reports", preflight, { detail: { hide: true } })
    .options("/v1/widget/reports/:id/answers", preflight, { detail: { hide: true } })
    .post(
      "/v1/widget/reports",
      ({ request }) =>
        collect(request, async (body, sender) => {
          if (!reportBody.check(body)) return overLongMessage(body) ? fail("message_too_long") : reportBody.refuse("invalid_ingest", body);
          return (
            (await keyBudget(body.publicKey)) ?? submitReport(services, body, idempotencyKey(request), sender, { reads: acceptedLanguage(request) })
          );
        }),
      {
        parse: "none",
        detail: operation({
          summary: "Create a report from the widget",
          description:
            "The widget's report, with what it captured (context) and an optional screenshot and replay. Takes a widget channel key, from an origin the app allows (CORS); the budget of the client address and a second budget per widget key apply, as does the monthly quota.",
          tags: ["Collection"],
          body: WidgetReportRequest,
          headers: {
            origin: "Sent by the browser; must be one of the app's allowed origins.",
            "idempotency-key":
              "1 to 255 characters, unique per report. A retry with the same key and body within 24 hours returns the first response.",
          },
          responses: {
            200: { description: "A qualification step (with qualify).", schema: QualificationStep },
            201: { description: "The report was recorded as a feedback.", schema: ReportResponse },
          },
          errors: [
            ...BROWSER_ERRORS,
            "invalid_ingest",
            "channel_mismatch",
            "channel_inactive",
            "unknown_app",
            "idempotency_in_progress",
            "message_too_long",
            "replay_too_large",
            "idempotency_key_reused",
            "quota_exceeded",
            "qualification_failed",
          ],
        }),
      },
    )
    .post(
      "/v1/widget/reports/:id/answers",
      ({ request, params }) =>
        collect(request, async (body, sender) => {
          if (!answerBody.check(body)) return answerBody.refuse("invalid_answer", body);
          return (await keyBudget(body.publicKey)) ?? answerQualification(services, params.id, body, idempotencyKey(request), sender);
        }),
      {
        parse: "none",
        detail: operation({
          summary: "Answer the widget's pending qualification question",
          description: "As POST /v1/reports/{id}/answers, from the widget: the widget key, from an origin the app allows (CORS).",
          tags: ["Collection"],
          body: QualificationAnswer,
          path: { id: "The id returned by the previous step." },
          headers: { origin: "Sent by the browser; must be one of the app's allowed origins." },
          responses: {
            200: { description: "The next step, or an end without recording.", schema: QualificationStep },
            201: { description: "The report was recorded.", schema: ReportResponse },
          },
          errors: [
            ...BROWSER_ERRORS,
            "invalid_answer",
            "missing_answer",
            "channel_mismatch",
            "channel_inactive",
            "unknown_app",
            "qualification_not_found",
            "idempotency_in_progress",
            "idempotency_key_reused",
            "quota_exceeded",
            "qualification_failed",
          ],
        }),
      },
    );
}

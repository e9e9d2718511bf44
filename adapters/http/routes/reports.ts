import { Elysia } from "elysia";
import { fail } from "../../../core/errors.ts";
import { overLongMessage, QualifiedReportResponse, ReportRequest, ReportResponse, withoutMalformedExtras } from "../../../core/schemas/report.ts";
import { QualificationAnswer, QualificationStep } from "../../../core/schemas/qualification.ts";
import type { Services } from "../../../core/services.ts";
import { answerQualification } from "../../../core/qualification/answer-qualification.ts";
import { SERVER } from "../../../core/collection/open-channel.ts";
import { submitReport } from "../../../core/collection/submit-report.ts";
import { type AddressBudget, admitReport, idempotencyKey, outcomeResponse, replayed } from "../collection.ts";
import { operation } from "../docs.ts";
import { acceptedLanguage } from "../language.ts";
import { failureResponse, refusedWith } from "../reply.ts";
import { validator } from "../validate.ts";

const reportBody = validator(ReportRequest);
const answerBody = validator(QualificationAnswer);

const DEPRECATED_ALIAS = { deprecation: "true", link: '</v1/reports>; rel="successor-version"' };

/** The idempotency key a client may send, and the header of a response that replays the first. */
const idempotencyKeyHeader = (per: string) => ({
  description: `1 to 255 characters, unique per ${per}. A retry with the same key and body within 24 hours returns the first response.`,
  schema: { type: "string", minLength: 1, maxLength: 255 },
});
const REPLAYED = {
  "Idempotent-Replayed": {
    description: "true when this is the stored response to an earlier request with the same idempotency key.",
    schema: { type: "string", enum: ["true"] },
  },
};

/** Collection routes: authenticated by the channel key in the body, limited per client address. */
export function reportRoutes(services: Services, budget: AddressBudget) {
  const admit = (request: Request) => admitReport(services, request, budget);

  // Refused before its body is read (the address's budget, its size, its JSON), a report is told with this path's headers too.
  const postReport = (request: Request, extraHeaders: Record<string, string>): Promise<Response> =>
    refusedWith(request, extraHeaders, async () => {
      const body = withoutMalformedExtras(await admit(request));
      if (!reportBody.check(body)) {
        const refused = overLongMessage(body) ? fail("message_too_long") : reportBody.refuse("invalid_ingest", body);
        return failureResponse(request, refused, extraHeaders);
      }
      const result = await submitReport(services, body, idempotencyKey(request), SERVER, { accepts: acceptedLanguage(request) });
      if (!result.ok) return failureResponse(request, result, extraHeaders);
      return outcomeResponse(result.value.outcome, { ...extraHeaders, ...replayed(result.value) });
    });

  const reportDoc = (deprecated: boolean) => ({
    ...operation({
      summary: deprecated ? "Create a report (former path)" : "Create a report",
      description:
        "Creates a report on the API channel of an app. Meant to be called from a server: anyone who knows the channel key can send reports on that channel.",
      tags: ["Collection"],
      body: ReportRequest,
      headers: { "idempotency-key": idempotencyKeyHeader("report") },
      responses: {
        200: { description: "A qualification step (with qualify).", schema: QualificationStep, headers: REPLAYED },
        201: { description: "The report was recorded as a feedback.", schema: ReportResponse, headers: REPLAYED },
      },
      errors: [
        "invalid_json",
        "invalid_ingest",
        "invalid_idempotency_key",
        "channel_mismatch",
        "channel_inactive",
        "unknown_app",
        "idempotency_in_progress",
        "message_too_long",
        "payload_too_large",
        "idempotency_key_reused",
        "rate_limited",
        "quota_exceeded",
        "qualification_failed",
      ],
    }),
    ...(deprecated && { deprecated: true }),
  });

  // Raw bodies here: the address's budget is counted before the body is read, and an over-long
  // message is 413 message_too_long where any other mismatch is 400 invalid_ingest.
  return new Elysia({ name: "routes/reports" })
    .post("/v1/reports", ({ request }) => postReport(request, {}), { parse: "none", detail: reportDoc(false) })
    .post("/v1/ingest", ({ request }) => postReport(request, DEPRECATED_ALIAS), { parse: "none", detail: reportDoc(true) })
    .post(
      "/v1/reports/:id/answers",
      async ({ request, params }) => {
        const body = await admit(request);
        if (!answerBody.check(body)) return failureResponse(request, answerBody.refuse("invalid_answer", body));
        const result = await answerQualification(services, params.id, body, idempotencyKey(request));
        return result.ok ? outcomeResponse(result.value.outcome, replayed(result.value)) : failureResponse(request, result);
      },
      {
        parse: "none",
        detail: operation({
          summary: "Answer the pending qualification question",
          description:
            "The answer that ends the qualification is kept while the id is valid: the same answer sent again returns the same response (the ticket included), with Idempotent-Replayed: true.",
          tags: ["Collection"],
          body: QualificationAnswer,
          path: { id: "The id returned by the previous step." },
          headers: { "idempotency-key": idempotencyKeyHeader("answer") },
          responses: {
            200: { description: "The next step, or an end without recording.", schema: QualificationStep, headers: REPLAYED },
            201: { description: "The report was recorded.", schema: QualifiedReportResponse, headers: REPLAYED },
          },
          errors: [
            "invalid_json",
            "invalid_answer",
            "missing_answer",
            "invalid_idempotency_key",
            "channel_inactive",
            "qualification_not_found",
            "idempotency_in_progress",
            "idempotency_key_reused",
            "rate_limited",
            "quota_exceeded",
            "qualification_failed",
            "payload_too_large",
          ],
        }),
      },
    );
}

import { Type, type Static } from "@sinclair/typebox";
import { fail, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import { isEmailShaped, type NormalizedReport } from "../report/normalize.ts";
import { storedKind } from "../report/kind.ts";
import { ReportKindInput, reportMessage, type ReportResponse } from "../schemas/report.ts";
import type { Services } from "../services.ts";
import { detectLanguage } from "../report/language.ts";
import { recordFeedback } from "./record-feedback.ts";

/** A report an agent sends, possibly relaying a person who is then informed of the follow-up. */
export const AgentReport = Type.Object({
  appId: Type.String({ minLength: 1, description: "The app the report is about (see list_apps)." }),
  kind: ReportKindInput,
  message: reportMessage("What the person said, in their words."),
  title: Type.Optional(Type.String()),
  observed: Type.Optional(Type.String({ description: "What happened." })),
  expected: Type.Optional(Type.String({ description: "What was expected." })),
  url: Type.Optional(Type.String({ description: "Address concerned." })),
  reporterName: Type.Optional(Type.String({ description: "Name of the person relayed." })),
  reporterEmail: Type.Optional(Type.String({ description: "E-mail of the person relayed; they are told of the follow-up." })),
});
export type AgentReport = Static<typeof AgentReport>;

/** create_report: records a report in the organization's app; it counts in the monthly quota. */
export async function createReport(services: Services, grant: Grant, input: AgentReport): Promise<Result<ReportResponse>> {
  const [app, organization] = await Promise.all([services.store.findApp(grant.orgId, input.appId), services.store.findOrganization(grant.orgId)]);
  if (!app || !organization) return fail("not_found");
  const email = input.reporterEmail?.trim().toLowerCase();
  const report: NormalizedReport = {
    kind: storedKind(input.kind),
    message: input.message.trim(),
    ...(input.title?.trim() && { title: input.title.trim() }),
    ...(input.observed?.trim() && { observed: input.observed.trim() }),
    ...(input.expected?.trim() && { expected: input.expected.trim() }),
    ...(input.url?.trim() && { url: input.url.trim() }),
    author: { ...(input.reporterName?.trim() && { name: input.reporterName.trim() }), ...(email && isEmailShaped(email) && { email }) },
  };
  const recorded = await recordFeedback(services, {
    context: { app, organization },
    source: "agent",
    report,
    language: detectLanguage(report.message),
    conversation: [],
  });
  // Sent without an idempotency key, the outcome is always this report's own record.
  return recorded.ok ? ok(recorded.value.outcome.body as ReportResponse) : recorded;
}

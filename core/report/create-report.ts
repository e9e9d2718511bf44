import { TITLE_MAX_LENGTH } from "../schemas/triage.ts";
import { authorize } from "../authorization.ts";
import { Type, type Static } from "@sinclair/typebox";
import { EMAIL_PATTERN, isEmailShaped, normalizeEmail } from "../email.ts";
import { fail, invalid, notFound, ok, type Result } from "../errors.ts";
import type { AppRecord, Grant } from "../model.ts";
import type { NormalizedReport } from "./normalize.ts";
import { storedKind } from "./kind.ts";
import { ReportKindInput, reportMessage, type ReportResponse } from "../schemas/report.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { UserStore } from "../store/users.ts";
import { detectLanguage } from "./detect-language.ts";
import { type RecordDeps, recordFeedback } from "./record-feedback.ts";

/** What an agent's report reads and writes. */
type CreateReportDeps = RecordDeps & {
  readonly store: Pick<CatalogStore, "findApp" | "listApps"> & Pick<OrganizationStore, "findOrganization"> & Pick<UserStore, "findUser">;
};

/** A report an agent sends, possibly relaying a person who is then informed of the follow-up. Unknown fields are refused. */
export const AgentReport = Type.Object(
  {
    appId: Type.Optional(
      Type.String({ minLength: 1, description: "The app the report is about (see list_apps). Optional when the organization has only one app." }),
    ),
    // As POST /v1/reports takes them: the compatibility kinds too.
    kind: ReportKindInput,
    message: reportMessage("What the person said, in their words."),
    title: Type.Optional(
      Type.String({
        description: `A short title, in a line; a longer one is cut to ${TITLE_MAX_LENGTH} characters. Written by the service when absent.`,
      }),
    ),
    observed: Type.Optional(Type.String({ description: "What happened." })),
    expected: Type.Optional(Type.String({ description: "What was expected." })),
    url: Type.Optional(Type.String({ description: "Address concerned." })),
    name: Type.Optional(Type.String({ description: "Name of the person whose words are relayed. Without it the report is in your person's name." })),
    email: Type.Optional(Type.String({ description: "E-mail of the person relayed; they are told of the follow-up." })),
  },
  { additionalProperties: false },
);
export type AgentReport = Static<typeof AgentReport>;

/** What a relayed person's e-mail must look like, as a refusal describes it. */
const RELAYED_EMAIL = Type.String({ pattern: EMAIL_PATTERN });

/** The app a report is about: the one it names, or else the organization's only app. */
async function reportedApp(store: CreateReportDeps["store"], orgId: string, appId: string | undefined): Promise<Result<AppRecord>> {
  if (appId !== undefined) {
    const app = await store.findApp(orgId, appId);
    return app ? ok(app) : notFound("app", appId);
  }
  const apps = await store.listApps(orgId);
  return apps.length === 1 ? ok(apps[0]!) : invalid("invalid_ingest", { field: "appId", reason: "missing" });
}

/**
 * create_report: records a report in the organization's app; it counts in the monthly quota. Its
 * author is the relayed person when one is named, else the person the agent acts for.
 */
export async function createReport(services: CreateReportDeps, grant: Grant, input: AgentReport): Promise<Result<ReportResponse>> {
  const allowed = authorize(grant, "reports.create");
  if (!allowed.ok) return allowed;
  const [found, organization, person] = await Promise.all([
    reportedApp(services.store, grant.orgId, input.appId),
    services.store.findOrganization(grant.orgId),
    services.store.findUser(grant.userId),
  ]);
  if (!found.ok) return found;
  const app = found.value;
  if (!organization) return fail("not_found");
  const email = input.email && normalizeEmail(input.email);
  // Said, not dropped: the person relayed would not hear of the follow-up, and the agent not know why.
  if (email && !isEmailShaped(email)) return invalid("invalid_ingest", { field: "email", reason: "expected", schema: RELAYED_EMAIL });
  const relayed = Boolean(input.name?.trim() || email);
  const name = relayed ? input.name?.trim() : (person?.name ?? person?.email);
  const report: NormalizedReport = {
    kind: storedKind(input.kind),
    message: input.message.trim(),
    ...(input.title?.trim() && { title: input.title.trim() }),
    ...(input.observed?.trim() && { observed: input.observed.trim() }),
    ...(input.expected?.trim() && { expected: input.expected.trim() }),
    ...(input.url?.trim() && { url: input.url.trim() }),
    author: { ...(name && { name }), ...(email && { email }) },
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

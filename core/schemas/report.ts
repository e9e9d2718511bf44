import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { literals } from "./literals.ts";
import { codePoints, Text } from "./text.ts";
import { CompanyInput } from "../triage/companies.ts";

/** Kinds a client may send: the three real ones plus the compatibility aliases (mapped by storedKind). */
export const ReportKindInput = literals(["problem", "idea", "praise", "issue", "bug", "greeting"] as const, {
  description: "problem, idea or praise (issue, bug and greeting are older names kept for compatibility).",
});

export const MESSAGE_MAX_LENGTH = 10_000;

/**
 * Whether a report's message is over the limit, in code points: such a report is refused as
 * message_too_long (413) before any other mismatch of its body, however it is sent.
 */
export function overLongMessage(body: unknown): boolean {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && codePoints(message) > MESSAGE_MAX_LENGTH;
}

/**
 * The text of a report, wherever it comes from. Spaces alone are no text: such a report would
 * make a feedback with an empty title, so it is refused as an invalid field.
 */
export const reportMessage = (description: string) =>
  Text({ minLength: 1, maxLength: MESSAGE_MAX_LENGTH, pattern: "\\S", description: `${description} At least one visible character.` });

// Beyond the specification, whose `user` has id, email and name: read when they have their shape,
// otherwise ignored as unknown fields are (withoutMalformedExtras), never a reason to refuse a report.
const COMPANY = Type.Object(CompanyInput.properties, {
  description: `${CompanyInput.description} Beyond the specification: ignored unless it has this shape.`,
});
const PLAN = Type.String({
  maxLength: 100,
  description: "The reporter's plan in the customer's app. Beyond the specification: ignored unless a text of at most 100 characters.",
});

export const ReportRequest = Type.Object(
  {
    publicKey: Type.String({ minLength: 1, description: "Key of the API channel of the app." }),
    message: reportMessage("The text of the feedback."),
    kind: ReportKindInput,
    title: Type.Optional(Type.String({ description: "If absent, the AI assistant writes one." })),
    observed: Type.Optional(Type.String({ description: "What happened." })),
    expected: Type.Optional(Type.String({ description: "What was expected." })),
    url: Type.Optional(Type.String({ description: "Address concerned, kept as context." })),
    user: Type.Optional(
      Type.Object({
        id: Type.Optional(Type.String()),
        email: Type.Optional(Type.String({ description: "Ignored if it does not have the shape of an e-mail address." })),
        name: Type.Optional(Type.String()),
        company: Type.Optional(COMPANY),
        plan: Type.Optional(PLAN),
      }),
    ),
    qualify: Type.Optional(Type.Boolean({ description: "When true, the AI assistant first asks the missing questions." })),
  },
  { $id: "ReportRequest", description: "A report sent on the API channel of an app. Unknown fields are ignored." },
);
export type ReportRequest = Static<typeof ReportRequest>;

/**
 * The body without `user.company` or `user.plan` when they do not have their shape: a client that
 * knows only the specification may send fields of those names for its own reasons, and unknown
 * fields are ignored. What remains is checked against ReportRequest as sent.
 */
export function withoutMalformedExtras(body: unknown): unknown {
  const user = (body as { user?: unknown } | null)?.user;
  if (typeof user !== "object" || user === null || Array.isArray(user)) return body;
  const { company, plan, ...rest } = user as Record<string, unknown>;
  const keepCompany = company === undefined || Value.Check(COMPANY, company);
  const keepPlan = plan === undefined || Value.Check(PLAN, plan);
  // Most reports have neither, or both right: they go on as sent, not copied.
  if (keepCompany && keepPlan) return body;
  return {
    ...(body as object),
    user: { ...rest, ...(keepCompany && company !== undefined && { company }), ...(keepPlan && plan !== undefined && { plan }) },
  };
}

export const ReportResponse = Type.Object(
  {
    ok: Type.Literal(true),
    ticketId: Type.String({ description: "Identifier of the created feedback." }),
    merged: Type.Boolean({ description: "false at creation; grouping happens afterwards, in the background." }),
    statusId: Type.Optional(Type.String()),
    statusToken: Type.Optional(Type.String()),
    statusUrl: Type.Optional(Type.String()),
    id: Type.Optional(Type.String({ description: "Identifier of the qualification (after qualification)." })),
    status: Type.Optional(Type.Literal("ready")),
  },
  { $id: "ReportResponse" },
);
export type ReportResponse = Static<typeof ReportResponse>;

/** The 201 of an answer that ends a qualification: a ReportResponse whose qualification id and status are always there. */
export const QualifiedReportResponse = Type.Object(
  {
    ...ReportResponse.properties,
    id: Type.String({ description: "Identifier of the qualification." }),
    status: Type.Literal("ready"),
  },
  { $id: "QualifiedReportResponse" },
);

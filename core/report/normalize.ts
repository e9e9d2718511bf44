import { isEmailShaped, normalizeEmail } from "../email.ts";
import type { Attachment } from "../model.ts";
import type { Kind } from "../schemas/feedback.ts";
import type { BrowserContext } from "../schemas/widget.ts";
import type { ReportRequest } from "../schemas/report.ts";
import { storedKind } from "./kind.ts";
import type { CompanyInput } from "../triage/companies.ts";

/** A report as the domain keeps it: stored kind, trimmed text, only well-formed e-mail addresses. */
export interface NormalizedReport {
  readonly kind: Kind;
  readonly message: string;
  readonly title?: string;
  readonly observed?: string;
  readonly expected?: string;
  readonly url?: string;
  /** How much the problem hinders its reporter, from 1 (barely) to 5 (blocks them completely), as they answered a qualification. */
  readonly impact?: number;
  readonly author: {
    readonly id?: string;
    readonly email?: string;
    readonly name?: string;
    /** Who is asking: the reporter's company, and their plan in the customer's app. */
    readonly company?: CompanyInput;
    readonly plan?: string;
  };
  /** What the widget captured, as the app lets it be kept. */
  readonly context?: BrowserContext;
  /** Files the reporter sent from the widget, already in file storage. */
  readonly files?: readonly ReportFile[];
}

/** A file sent with a report, kept in file storage until the report is recorded and carries it. */
export interface ReportFile {
  readonly id: string;
  readonly kind: Attachment["kind"];
  readonly contentType: string;
  readonly storageKey: string;
}

const text = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A company with its names trimmed; one whose id or name is blank is none. */
function companyOf(company: CompanyInput): { company: CompanyInput } | undefined {
  const [id, name] = [text(company.id), text(company.name)];
  if (!id || !name) return undefined;
  return { company: { id, name, ...(company.monthlySpend !== undefined && { monthlySpend: company.monthlySpend }) } };
}

/** Picks the known fields of a validated request; anything else the client sent is dropped here. */
export function normalizeReport(request: ReportRequest): NormalizedReport {
  const email = text(request.user?.email);
  const author = {
    ...(text(request.user?.id) && { id: text(request.user?.id) }),
    ...(email && isEmailShaped(email) && { email: normalizeEmail(email) }),
    ...(text(request.user?.name) && { name: text(request.user?.name) }),
    ...(request.user?.company && companyOf(request.user.company)),
    ...(text(request.user?.plan) && { plan: text(request.user?.plan) }),
  };
  return {
    kind: storedKind(request.kind),
    message: request.message.trim(),
    ...(text(request.title) && { title: text(request.title) }),
    ...(text(request.observed) && { observed: text(request.observed) }),
    ...(text(request.expected) && { expected: text(request.expected) }),
    ...(text(request.url) && { url: text(request.url) }),
    author,
  };
}

import { Type, type Static } from "@sinclair/typebox";
import { Text } from "../schemas/text.ts";
import type { ReportRecord } from "../model.ts";

/** The customer a reporter belongs to, as the customer's app tells it (REST `user.company`, the widget's `Retour.identify`). */
export const CompanyInput = Type.Object(
  {
    id: Text({ minLength: 1, maxLength: 200, description: "The company's id in the customer's app." }),
    name: Text({ minLength: 1, maxLength: 200 }),
    monthlySpend: Type.Optional(Type.Number({ minimum: 0, description: "What the company spends a month, in the customer's currency." })),
  },
  { description: "The reporter's company: who is asking, and what they are worth." },
);
export type CompanyInput = Static<typeof CompanyInput>;

/** A company behind a feedback, as its latest report describes it, with how many of the feedback's reports it sent. */
export const CompanyEntry = Type.Object({
  id: Type.String(),
  name: Type.String(),
  monthlySpend: Type.Optional(Type.Number()),
  reports: Type.Integer(),
});
export type CompanyEntry = Static<typeof CompanyEntry>;

/**
 * The companies behind reports, each once, as its most recent report describes it (a company's
 * spend changes; the latest word counts; of two at one moment, the later listed: stores list a
 * feedback's reports by time, then id), the highest spend first.
 */
export function companiesOf(reports: ReadonlyArray<Pick<ReportRecord, "report" | "at">>): CompanyEntry[] {
  const latest = new Map<string, { company: CompanyInput; at: number; reports: number }>();
  for (const { report, at } of reports) {
    const company = report.author.company;
    if (!company) continue;
    const known = latest.get(company.id);
    const count = (known?.reports ?? 0) + 1;
    latest.set(company.id, known && known.at > at ? { ...known, reports: count } : { company, at, reports: count });
  }
  return [...latest.values()]
    .map(({ company, reports: count }) => ({ ...company, reports: count }))
    .sort((a, b) => (b.monthlySpend ?? 0) - (a.monthlySpend ?? 0) || a.name.localeCompare(b.name));
}

/** What a feedback is worth for `sort=revenue`: the monthly spend of the companies behind it, each counted once. */
export const revenueOf = (companies: readonly CompanyEntry[]): number => companies.reduce((sum, c) => sum + (c.monthlySpend ?? 0), 0);

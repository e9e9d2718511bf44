import type { FeedbackRecord, ReportRecord } from "../model.ts";
import type { NormalizedReport } from "../report/normalize.ts";
import { initialTitle } from "../report/title.ts";
import type { Grouper, GroupingMatch } from "../ports.ts";
import type { GroupingStore } from "../store/grouping.ts";
import { candidateQuery } from "./candidates.ts";

/** What comparing a feedback with the others of its app reads. */
export type CompareDeps = {
  readonly grouper: Grouper;
  readonly store: Pick<GroupingStore, "keyFrequencies" | "groupingCandidates">;
};

/** The text a feedback is grouped by: its title and every report it holds. */
export const groupingText = (feedback: Pick<FeedbackRecord, "title">, reports: readonly ReportRecord[]): string =>
  [feedback.title, ...reports.map((r) => r.report.message)].join("\n");

/**
 * The text a new feedback made of one report is grouped by (groupingText, before anything changed
 * its title): a store may keep a reference to the report instead of this text.
 */
export const reportGroupingText = (report: NormalizedReport): string => [initialTitle(report), report.message].join("\n");

/**
 * The open feedbacks of its app that a feedback may duplicate, best first, read from the postings
 * of its rarest keys; and the vector the grouper described its text with, if it uses vectors.
 */
export async function compareFeedback(
  services: CompareDeps,
  feedback: Pick<FeedbackRecord, "id" | "orgId" | "appId" | "createdAt" | "kind">,
  text: string,
  keys: readonly string[],
): Promise<{ readonly matches: readonly GroupingMatch[]; readonly vector?: number[] }> {
  const query = candidateQuery(feedback, await services.store.keyFrequencies(feedback.appId, keys));
  const candidates = query ? await services.store.groupingCandidates(query) : [];
  return services.grouper.compare(text, candidates);
}

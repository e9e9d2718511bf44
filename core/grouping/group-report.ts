import type { JobRequest } from "../feedback/events.ts";
import { withFloor } from "../feedback/severity.ts";
import { isOpen } from "../feedback/status.ts";
import { madeFrom } from "../merges/merge.ts";
import { mergeInto, type MergeIntoDeps } from "../merges/merge-into.ts";
import type { FeatureRecord, FeedbackRecord, ReportRecord } from "../model.ts";
import type { Assistant } from "../ports.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { GroupingStore } from "../store/grouping.ts";
import type { SuggestionStore } from "../store/suggestions.ts";
import type { MergeStore } from "../store/merges.ts";
import { hasWords } from "./analyze.ts";
import { mergeDirection } from "./candidates.ts";
import { resolveFeedback } from "../feedback/find-feedback.ts";
import { type CompareDeps, compareFeedback, groupingText } from "./compare.ts";
import { decideGrouping, type GroupingMode } from "./decision.ts";
import { ASSISTANT } from "../triage/journal.ts";

/** What the grouping job reads and writes. */
export type GroupReportDeps = MergeIntoDeps &
  CompareDeps & {
    readonly assistant: Assistant;
    readonly store: Pick<FeedbackStore, "findFeedback" | "listReports"> &
      Pick<CatalogStore, "findApp" | "listFeatures"> &
      Pick<GroupingStore, "setTriage" | "indexForGrouping"> &
      Pick<SuggestionStore, "dismissedWith" | "saveSuggestions"> &
      Pick<MergeStore, "listMerges">;
  };

/**
 * Attaches the feedback to a feature and grades it (a problem is never less grave than its
 * feature's floor), and lets the assistant write the title when the reporter gave none.
 */
async function triage(services: GroupReportDeps, feedback: FeedbackRecord, first: ReportRecord): Promise<void> {
  const { store, assistant } = services;
  const report = first.report;
  const features = (await store.listFeatures(feedback.orgId, feedback.appId)) as FeatureRecord[];
  const found = await assistant.triage(report, features, first.language);
  const title = report.title ? undefined : (await assistant.writeTitle(report, first.language)).trim().slice(0, 120);
  const feature = features.find((f) => f.id === found.featureId);
  const severity = feedback.kind === "problem" ? withFloor(found.severity, feature?.severityFloor) : undefined;
  await store.setTriage(
    feedback.orgId,
    feedback.id,
    {
      ...(feature && { featureId: feature.id }),
      ...(severity && { severity }),
      ...(found.nature && { nature: found.nature }),
      ...(title && title !== feedback.title && { title, replacing: feedback.title }),
      ...(found.diagnostic && Object.keys(found.diagnostic).length > 0 && { diagnostic: found.diagnostic }),
      ...(found.summary?.trim() && { summary: found.summary.trim() }),
    },
    // The activity tells what the assistant set, as it tells what people set.
    { id: services.ids.id(), by: ASSISTANT, at: services.clock() },
  );
}

/**
 * Triages a new feedback, then compares it with the open ones of its app. In `auto` mode a sure
 * duplicate is merged (the newer into the older); every other likely one becomes a suggestion for
 * a person, and a pair a person dismissed is left alone.
 */
export async function groupReport(services: GroupReportDeps, job: JobRequest): Promise<void> {
  const { store } = services;
  const feedback = await groupable(services, job.orgId, job.feedbackId);
  if (!feedback) return;
  const reports = await store.listReports(feedback.id);
  // A person who triaged the feedback first (PATCH right after it came) is not overwritten by the assistant.
  const triagedByHand = feedback.severity !== undefined || feedback.owner !== undefined || (feedback.tags?.length ?? 0) > 0;
  if (!feedback.featureId && !triagedByHand) {
    // Its title is drawn from the report it was made from, never from one a person merged into it before this job ran.
    const first = madeFrom(feedback.id, reports, await store.listMerges(feedback.orgId, feedback.id));
    if (first) await triage(services, feedback, first);
  }
  await group(services, feedback, reports, async () => (await store.findApp(feedback.orgId, feedback.appId))?.groupingMode ?? "auto");
}

/** A job's feedback, if it can still be grouped: there, not merged, and open. */
export async function groupable(services: GroupReportDeps, orgId: string, feedbackId: string): Promise<FeedbackRecord | null> {
  const feedback = await services.store.findFeedback(orgId, feedbackId);
  return feedback && !feedback.mergedInto && isOpen(feedback.status) ? feedback : null;
}

/**
 * Compares a feedback with the open ones of its app and acts as the mode says. The feedback is
 * indexed before it looks, so of two duplicates whose jobs run at once on two processes, at least
 * one finds the other.
 */
export async function group(
  services: GroupReportDeps,
  feedback: FeedbackRecord,
  reports: readonly ReportRecord[],
  mode: () => GroupingMode | Promise<GroupingMode>,
): Promise<void> {
  const { store, grouper, clock } = services;
  const text = groupingText(feedback, reports);
  // Neither merged nor offered as a candidate: markup or symbols alone would match on chance words.
  if (!hasWords(text)) return;
  const keys = grouper.keys(text);
  await store.indexForGrouping(feedback.appId, feedback.id, keys, text);
  const [{ matches, vector }, chosen, dismissed] = await Promise.all([
    compareFeedback(services, feedback, text, keys),
    mode(),
    store.dismissedWith(feedback.orgId, feedback.id),
  ]);
  const decision = decideGrouping(chosen, matches, dismissed, feedback.id);
  const now = clock();
  await store.saveSuggestions(
    decision.suggest.map((m) => ({
      orgId: feedback.orgId,
      appId: feedback.appId,
      feedbackId: feedback.id,
      similarId: m.id,
      score: m.score,
      sure: m.same,
      matched: m.matched,
      at: now,
    })),
  );
  const merged = decision.merge !== null && (await mergeDuplicate(services, feedback, decision.merge));
  if (!merged && vector) await store.indexForGrouping(feedback.appId, feedback.id, keys, text, vector);
}

/** A merge that finds one side merged meanwhile reads both again, at most this many times. */
const MAX_ATTEMPTS = 3;

/**
 * Merges a feedback and its sure duplicate, the newer into the older. Jobs run at once, so either
 * may have been merged since they were compared: a duplicate merged meanwhile answers through the
 * feedback it went into; a feedback merged meanwhile is left to its survivor. Whether it merged.
 */
async function mergeDuplicate(services: GroupReportDeps, feedback: FeedbackRecord, match: { readonly id: string; readonly score: number }) {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [self, duplicate] = await Promise.all([
      services.store.findFeedback(feedback.orgId, feedback.id),
      resolveFeedback(services, feedback.orgId, match.id),
    ]);
    if (!self || self.mergedInto || !duplicate || duplicate.id === self.id) return false;
    const { source, target } = mergeDirection(self, duplicate);
    if ((await mergeInto(services, source, target, null, match.score)).ok) return true;
  }
  return false;
}

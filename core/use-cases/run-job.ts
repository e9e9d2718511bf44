import { isOpen } from "../feedback/status.ts";
import { hasWords } from "../grouping/analyze.ts";
import { candidateQuery, foldDirection } from "../grouping/candidates.ts";
import type { JobRequest } from "../feedback/events.ts";
import type { Services } from "../services.ts";
import type { FeatureRecord, FeedbackRecord, ReportRecord } from "../model.ts";
import { withFloor } from "../feedback/severity.ts";
import { deliveredMessage } from "../notify/delivered-message.ts";
import { unsubscribeUrl } from "../notify/unsubscribe.ts";
import { resolveFeedback } from "./get-feedback.ts";
import { syncTracker } from "../trackers/sync.ts";

/** The notification key of "your feedback was delivered". */
const DELIVERED = "delivered";
/** An unconfirmed claim older than this is a crashed sender's: the message is sent again. */
const NOTIFY_LEASE_MS = 5 * 60_000;

/**
 * Attaches the feedback to a feature and grades it (a problem is never less grave than its
 * feature's floor), and lets the assistant write the title when the reporter gave none.
 */
async function triage(services: Services, feedback: FeedbackRecord, first: ReportRecord): Promise<void> {
  const { store, assistant } = services;
  const report = first.report;
  const features = (await store.listFeatures(feedback.orgId, feedback.appId)) as FeatureRecord[];
  const found = await assistant.triage(report, features);
  const title = report.title ? undefined : (await assistant.writeTitle(report, first.language)).trim().slice(0, 120);
  const feature = features.find((f) => f.id === found.featureId);
  const severity = feedback.kind === "problem" ? withFloor(found.severity, feature?.severityFloor) : undefined;
  await store.setTriage(feedback.orgId, feedback.id, {
    ...(feature && { featureId: feature.id }),
    ...(severity && { severity }),
    ...(found.nature && { nature: found.nature }),
    ...(title && title !== feedback.title && { title }),
    ...(found.diagnostic && Object.keys(found.diagnostic).length > 0 && { diagnostic: found.diagnostic }),
    ...(found.summary?.trim() && { summary: found.summary.trim() }),
  });
}

/**
 * Triages a new feedback, then groups it with an open one of the same app that tells the same
 * thing: the newer is folded into the older. It is indexed before it looks, so of two duplicates
 * whose jobs run at once on two processes, at least one finds the other.
 */
async function groupReport(services: Services, job: JobRequest): Promise<void> {
  const { store, grouper, clock } = services;
  const feedback = await store.findFeedback(job.orgId, job.feedbackId);
  if (!feedback || feedback.mergedInto || !isOpen(feedback.status)) return;
  const reports = await store.listReports(feedback.id);
  if (!feedback.featureId && reports[0]) await triage(services, feedback, reports[0]);
  const text = [feedback.title, ...reports.map((r) => r.report.message)].join("\n");
  // Neither folded nor offered as a candidate: markup or symbols alone would match on chance words.
  if (!hasWords(text)) return;
  const keys = grouper.keys(text);
  await store.indexForGrouping(feedback.appId, feedback.id, keys, text);
  const query = candidateQuery(feedback, await store.keyFrequencies(feedback.appId, keys));
  const candidates = query ? await store.groupingCandidates(query) : [];
  const found = await grouper.findDuplicate(text, candidates);
  const duplicate = found.duplicateOf ? await store.findFeedback(feedback.orgId, found.duplicateOf) : null;
  if (duplicate) {
    const { source, target } = foldDirection(feedback, duplicate);
    await store.foldFeedback(feedback.orgId, source.id, target.id, clock());
  } else if (found.vector) {
    await store.indexForGrouping(feedback.appId, feedback.id, keys, text, found.vector);
  }
}

/** Tells each follower, once, that the feedback was delivered. */
async function notifyFollowers(services: Services, job: JobRequest): Promise<void> {
  const { store, notifier, clock } = services;
  const feedback = await resolveFeedback(services, job.orgId, job.feedbackId);
  if (!feedback) return;
  const secret = await store.serviceSecret();
  for (const follower of await store.listFollowers(feedback.id)) {
    if (!(await store.claimNotification(feedback.id, follower.email, DELIVERED, clock(), NOTIFY_LEASE_MS))) continue;
    const link = await unsubscribeUrl(services.baseUrl, secret, feedback.id, follower.email);
    const trackingUrl = follower.trackingSealed ? await services.secrets.open(follower.trackingSealed) : undefined;
    const words = deliveredMessage(follower.language, {
      ...(follower.name && { name: follower.name }),
      ...(trackingUrl && { trackingUrl }),
      title: feedback.title,
      feedbackKey: feedback.key,
      unsubscribeUrl: link,
    });
    try {
      await notifier.send({
        to: follower.email,
        ...words,
        unsubscribeUrl: link,
        messageId: `${DELIVERED}.${feedback.id}.${encodeURIComponent(follower.email)}`,
      });
      await store.confirmNotification(feedback.id, follower.email, DELIVERED, clock());
    } catch (error) {
      // Not handed over: the claim is given back and the job retried, so nobody is left out.
      await store.releaseNotification(feedback.id, follower.email, DELIVERED);
      throw error;
    }
  }
}

/** Runs one background job; throws to have it retried later. */
export function runJob(services: Services, job: JobRequest): Promise<void> {
  if (job.kind === "group_report") return groupReport(services, job);
  if (job.kind === "sync_tracker") return syncTracker(services, job);
  return notifyFollowers(services, job);
}

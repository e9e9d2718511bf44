import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import type { JobRequest } from "../feedback/events.ts";
import { INITIAL_STATUS } from "../feedback/status.ts";
import { monthlyQuota, quotaMonth } from "../plans.ts";
import { secondsUntil } from "../rate-limits/window.ts";
import type { FeedbackRecord, ReportOutcome, ReportSource, Turn } from "../model.ts";
import type { NormalizedReport } from "./normalize.ts";
import { initialTitle } from "./title.ts";
import { reportResponse, statusUrl } from "./report-response.ts";
import { trackingTokenHash } from "./tracking-token.ts";
import type { ReportResponse } from "../schemas/report.ts";
import type { Services } from "../services.ts";
import type { ChannelContext, CollectionStore } from "../store/collection.ts";
import type { IdempotentWrite, StoredAnswer } from "../store/idempotency.ts";
import { keptForm, type ReopenDeps, reopened } from "./kept-answer.ts";

/** What recording a feedback needs: one atomic write, ids, the time, and the tracking link's sealing. */
export type RecordDeps = Pick<Services, "clock" | "ids" | "digest" | "secrets" | "baseUrl"> & {
  readonly store: Pick<CollectionStore, "recordFeedback">;
};

interface Recording {
  readonly context: Pick<ChannelContext, "app" | "organization">;
  readonly source: ReportSource;
  readonly report: NormalizedReport;
  readonly language: Language;
  readonly conversation: readonly Turn[];
  /** The qualification this report ends: its session is closed in the same transaction. */
  readonly qualificationId?: string;
}

/** What a request answers; `replayed` when it is the stored answer to an earlier request with the same idempotency key. */
export interface Submitted {
  readonly outcome: ReportOutcome;
  readonly replayed: boolean;
}

/**
 * The answer stored under an idempotency key, for a retry: the same body replays it, its tracking
 * token opened (keptForm), another is refused.
 */
export async function replay(deps: ReopenDeps, earlier: StoredAnswer, fingerprint: string): Promise<Result<Submitted>> {
  if (earlier.fingerprint !== fingerprint) return fail("idempotency_key_reused");
  return ok({ outcome: (await reopened(deps, earlier)).response, replayed: true });
}

const recorded = (body: ReportResponse): ReportOutcome => ({ kind: "recorded", body });

/** The answer of a report recorded at the end of qualification `id`. */
export const qualified =
  (id: string) =>
  (body: ReportResponse): ReportOutcome => ({ kind: "recorded", body: { ...body, id, status: "ready" } });

/**
 * Turns a report into a new feedback: the feedback, its first report, the reporter as follower,
 * the `feedback.created` event, the grouping job, the quota use and the idempotent answer are
 * committed together. `answer` shapes the response (a qualified report adds its id).
 */
export async function recordFeedback(
  services: RecordDeps,
  recording: Recording,
  answer: (body: ReportResponse) => ReportOutcome = recorded,
  idempotency?: IdempotentWrite,
): Promise<Result<Submitted>> {
  const { store, clock, ids } = services;
  const { context, source, report, language, conversation, qualificationId } = recording;
  const now = clock();
  const feedbackId = ids.id();
  const reportId = ids.id();
  const statusToken = ids.secret();
  const feedback: Omit<FeedbackRecord, "key"> = {
    id: feedbackId,
    orgId: context.organization.id,
    appId: context.app.id,
    // The plain title now; the background job asks the assistant for a better one.
    title: initialTitle(report),
    kind: report.kind,
    status: INITIAL_STATUS,
    ...(report.observed && { observed: report.observed }),
    ...(report.expected && { expected: report.expected }),
    reports: 1,
    createdAt: now,
    lastActivityAt: now,
  };
  const response = (key: string): ReportResponse => reportResponse(services.baseUrl, key, reportId, statusToken);
  const sealedToken = idempotency && (await services.secrets.seal(statusToken));
  const month = quotaMonth(now);
  const jobs: JobRequest[] = [{ kind: "group_report", orgId: context.organization.id, feedbackId }];
  const stored = await store.recordFeedback({
    feedback,
    report: {
      id: reportId,
      feedbackId,
      orgId: feedback.orgId,
      appId: feedback.appId,
      source,
      report,
      language,
      conversation,
      statusId: reportId,
      at: now,
    },
    statusTokenHash: trackingTokenHash(services.digest, statusToken),
    ...(report.author.email && {
      follower: {
        feedbackId,
        email: report.author.email,
        language,
        ...(report.author.name && { name: report.author.name }),
        trackingSealed: await services.secrets.seal(statusUrl(services.baseUrl, reportId, statusToken)),
      },
    }),
    event: { id: ids.id(), type: "feedback.created", orgId: feedback.orgId, feedbackId, createdAt: now },
    jobs,
    attachments: (report.files ?? []).map((f) => ({ ...f, orgId: feedback.orgId, feedbackId, reportId, createdAt: now })),
    quota: { month: month.month, limit: monthlyQuota(context.organization.plan, context.organization.quotaOverride) },
    ...(qualificationId && { qualificationId }),
    ...(idempotency && sealedToken && { answer: { ...idempotency, respond: (key: string) => keptForm(answer(response(key)), sealedToken) } }),
  });
  if (stored.state === "quota_exceeded") return fail("quota_exceeded", secondsUntil(month.endsAt, now));
  if (stored.state === "answered") return replay(services, stored.answer, idempotency!.fingerprint);
  return ok({ outcome: answer(response(stored.feedback.key)), replayed: false });
}

import { type Failure, fail, ok, type Result } from "../errors.ts";
import { monthlyQuota, quotaAllows, quotaMonth } from "../plans.ts";
import { secondsUntil } from "../rate-limits/window.ts";
import type { ReportOutcome } from "../model.ts";
import { assistantTurns, awaitsAnswer, QUALIFICATION_TTL_MS, stepFor } from "../qualification/machine.ts";
import { nestsWithin } from "../report/depth.ts";
import { requestFingerprint } from "../report/fingerprint.ts";
import { normalizeReport } from "../report/normalize.ts";
import type { ReportRequest } from "../schemas/report.ts";
import { codePoints } from "../schemas/text.ts";
import type { Services } from "../services.ts";
import { detectLanguage } from "../report/detect-language.ts";
import type { Language } from "../language.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { ChannelContext } from "../store/collection.ts";
import type { HelpCenterStore } from "../store/help-center.ts";
import type { IdempotencyStore, IdempotentWrite } from "../store/idempotency.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { QualificationStore } from "../store/qualifications.ts";
import { browserReport, checkAttachments } from "./browser-report.ts";
import type { WidgetReportRequest } from "../schemas/widget.ts";
import { type ChannelDeps, openChannel, type Sender, SERVER } from "./open-channel.ts";
import { askAssistant } from "../qualification/ask-assistant.ts";
import { qualified, type RecordDeps, recordFeedback, replay, type Submitted } from "../report/record-feedback.ts";

/** What submitting a report needs, beyond recording it: the channel, idempotency, the quota, and the assistant for qualification. */
type SubmitDeps = RecordDeps &
  ChannelDeps &
  Pick<Services, "inFlight" | "assistant" | "files"> & {
    readonly store: Pick<IdempotencyStore, "findAnswer" | "saveAnswer"> &
      Pick<OrganizationStore, "quotaUsed"> &
      Pick<HelpCenterStore, "listHelpArticles"> &
      Pick<CatalogStore, "listFeatures"> &
      Pick<QualificationStore, "saveQualification">;
  };

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;
const IDEMPOTENCY_KEY_MAX = 255;

/** 1 to 255 characters, counted as people count them (an emoji is one). */
export const validIdempotencyKey = (key: string): boolean => key.length > 0 && codePoints(key) <= IDEMPOTENCY_KEY_MAX;

/**
 * The language the reporter stated: the one of the page they read the questions on (`reads`: the
 * hosted form's, or the widget's, which it sends as Accept-Language), or the one an API client asks
 * answers in (`accepts`: Accept-Language).
 */
type StatedLanguage = { readonly reads: Language } | { readonly accepts: Language };

/**
 * A report's language. The page the person reads wins: its questions are shown in it. Else the
 * message's own words, when they clearly say (a French text sent by an English client is asked in
 * French, as its writer wrote); else, for a short or mixed text ("Café menu crashes"), the language
 * the client accepts, English by default. SPEC and DESIGN give a report no language field of its own.
 */
const reportLanguage = (message: string, stated: StatedLanguage): Language =>
  "reads" in stated ? stated.reads : detectLanguage(message, stated.accepts);

/**
 * POST /v1/reports: records a report at once, or starts its qualification. With an idempotency
 * key, the answer is stored in the transaction that records the report (or saves the session),
 * so a retry after any crash finds either that answer or nothing at all. The report's language
 * (its questions, its tracking page) is reportLanguage's.
 */
export async function submitReport(
  services: SubmitDeps,
  request: ReportRequest | WidgetReportRequest,
  idempotencyKey: string | undefined,
  sender: Sender = SERVER,
  stated: StatedLanguage = { accepts: "en" },
): Promise<Result<Submitted>> {
  if (idempotencyKey !== undefined && !validIdempotencyKey(idempotencyKey)) {
    return fail("invalid_idempotency_key");
  }
  if (!nestsWithin(request)) return fail("invalid_ingest");
  const unfit = sender.via === "browser" && "attachments" in request && request.attachments ? checkAttachments(request.attachments) : null;
  if (unfit) return unfit;
  const channel = await openChannel(services, request.publicKey, sender);
  if (!channel.ok) return channel;
  if (idempotencyKey === undefined) return submitOnChannel(services, channel.value, request, sender, stated);

  const now = services.clock();
  const scope = channel.value.channel.key;
  const fingerprint = await requestFingerprint(request);
  const earlier = await services.store.findAnswer(scope, idempotencyKey, now);
  if (earlier) return replay(services, earlier, fingerprint);
  const running = `${scope}\u0000${idempotencyKey}`;
  const entered = services.inFlight.enter(running, fingerprint);
  if (entered === "in_progress") return fail("idempotency_in_progress");
  if (entered === "reused") return fail("idempotency_key_reused");
  try {
    return await submitOnChannel(services, channel.value, request, sender, stated, {
      scope,
      key: idempotencyKey,
      fingerprint,
      now,
      expiresAt: now + IDEMPOTENCY_WINDOW_MS,
    });
  } finally {
    services.inFlight.leave(running);
  }
}

/**
 * A qualification for an organization whose quota is used up is refused at once, not after the
 * person has answered every question. Recording still counts atomically, so this is only a courtesy.
 */
async function quotaUsedUp(services: SubmitDeps, context: ChannelContext, now: number): Promise<Failure | null> {
  const limit = monthlyQuota(context.organization.plan, context.organization.quotaOverride);
  if (limit === null) return null;
  const month = quotaMonth(now);
  const used = await services.store.quotaUsed(context.organization.id, month.month);
  return quotaAllows(used, limit) ? null : fail("quota_exceeded", secondsUntil(month.endsAt, now));
}

async function submitOnChannel(
  services: SubmitDeps,
  context: ChannelContext,
  request: ReportRequest | WidgetReportRequest,
  sender: Sender,
  stated: StatedLanguage,
  idempotency?: IdempotentWrite,
): Promise<Result<Submitted>> {
  // A server's extra fields are dropped by normalizing; only the widget carries context and files.
  const normalized = normalizeReport(request);
  const kept = sender.via === "browser" ? await browserReport(services, context, request, normalized) : ok(normalized);
  if (!kept.ok) return kept;
  const report = kept.value;
  const language = reportLanguage(report.message, stated);
  const recording = { context, source: context.channel.kind, language, conversation: [] };
  if (!request.qualify) return recordFeedback(services, { ...recording, report }, undefined, idempotency);
  const now = services.clock();
  const overQuota = await quotaUsedUp(services, context, now);
  if (overQuota) return overQuota;
  // The id is all a browser holds to answer (its form or widget key is public): a secret, since an
  // identifier made in the same millisecond as another counts up from it.
  const id = services.ids.secret();
  const conversation = [{ role: "user" as const, text: report.message, at: now }];
  const [helpArticles, features] = await Promise.all([
    services.store.listHelpArticles(context.organization.id, context.app.id),
    services.store.listFeatures(context.organization.id, context.app.id),
  ]);
  const step = await askAssistant(services.assistant, { appId: context.app.id, report, language, conversation, answers: {}, helpArticles, features });
  if (!step) return fail("qualification_failed");
  if (step.status === "ready") {
    return recordFeedback(services, { ...recording, report: step.report }, qualified(id), idempotency);
  }
  const shown = stepFor(id, step);
  const outcome: ReportOutcome = { kind: "step", body: shown };
  const earlier = awaitsAnswer(shown)
    ? await services.store.saveQualification(
        {
          id,
          orgId: context.organization.id,
          appId: context.app.id,
          channelId: context.channel.id,
          channelKey: context.channel.key,
          source: context.channel.kind,
          report,
          language,
          conversation: [...conversation, ...assistantTurns(shown, now)],
          answers: {},
          pending: shown,
          expiresAt: now + QUALIFICATION_TTL_MS,
        },
        idempotency && { ...idempotency, response: outcome },
      )
    : idempotency && (await services.store.saveAnswer(idempotency, outcome));
  return earlier ? replay(services, earlier, idempotency!.fingerprint) : ok({ outcome, replayed: false });
}

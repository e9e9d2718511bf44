import { fail, ok, type Result } from "../errors.ts";
import type { ReportOutcome } from "../model.ts";
import { assistantTurns, awaitsAnswer, QUALIFICATION_TTL_MS, stepFor } from "../qualification/machine.ts";
import { requestFingerprint } from "../report/fingerprint.ts";
import { normalizeReport } from "../report/normalize.ts";
import type { ReportRequest } from "../schemas/report.ts";
import type { Services } from "../services.ts";
import { detectLanguage } from "../report/language.ts";
import type { ChannelContext } from "../store.ts";
import { askAssistant } from "./ask-assistant.ts";
import { recordFeedback } from "./record-feedback.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;
const IDEMPOTENCY_KEY_MAX = 255;

export interface Submitted {
  readonly outcome: ReportOutcome;
  /** True when this is the stored answer to an earlier request with the same idempotency key. */
  readonly replayed: boolean;
}

/** Resolves a channel key to a channel that may receive reports here (api and form channels). */
export async function openChannel(services: Services, key: string): Promise<Result<ChannelContext>> {
  const context = await services.store.findChannelByKey(key);
  if (!context) return fail("unknown_app");
  if (context.channel.kind !== "api" && context.channel.kind !== "form") return fail("channel_mismatch");
  if (!context.channel.active) return fail("channel_inactive");
  return ok(context);
}

/** POST /v1/reports: records a report at once, or starts its qualification. */
export async function submitReport(services: Services, request: ReportRequest, idempotencyKey: string | undefined): Promise<Result<Submitted>> {
  if (idempotencyKey !== undefined && (idempotencyKey.length < 1 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX)) {
    return fail("invalid_idempotency_key");
  }
  const channel = await openChannel(services, request.publicKey);
  if (!channel.ok) return channel;
  if (idempotencyKey === undefined) return wrap(await process(services, channel.value, request), false);

  const { store, clock } = services;
  const now = clock();
  const scope = channel.value.channel.key;
  const claim = await store.claimIdempotencyKey(scope, idempotencyKey, await requestFingerprint(request), now, now + IDEMPOTENCY_WINDOW_MS);
  if (claim.state === "in_progress") return fail("idempotency_in_progress");
  if (claim.state === "reused") return fail("idempotency_key_reused");
  if (claim.state === "replay") return ok({ outcome: claim.response, replayed: true });
  try {
    const outcome = await process(services, channel.value, request);
    if (outcome.ok) await store.completeIdempotencyKey(scope, idempotencyKey, outcome.value);
    else await store.releaseIdempotencyKey(scope, idempotencyKey);
    return wrap(outcome, false);
  } catch (error) {
    await store.releaseIdempotencyKey(scope, idempotencyKey);
    throw error;
  }
}

const wrap = (outcome: Result<ReportOutcome>, replayed: boolean): Result<Submitted> =>
  outcome.ok ? ok({ outcome: outcome.value, replayed }) : outcome;

async function process(services: Services, context: ChannelContext, request: ReportRequest): Promise<Result<ReportOutcome>> {
  const report = normalizeReport(request);
  const language = detectLanguage(report.message);
  if (!request.qualify) {
    const recorded = await recordFeedback(services, { context, source: context.channel.kind, report, language, conversation: [] });
    return recorded.ok ? ok({ kind: "recorded", body: recorded.value }) : recorded;
  }
  const id = services.ids.id();
  const now = services.clock();
  const conversation = [{ role: "user" as const, text: report.message, at: now }];
  const [helpArticles, features] = await Promise.all([
    services.store.listHelpArticles(context.organization.id, context.app.id),
    services.store.listFeatures(context.organization.id, context.app.id),
  ]);
  const step = await askAssistant(services.assistant, { appId: context.app.id, report, language, conversation, answers: {}, helpArticles, features });
  if (!step) return fail("qualification_failed");
  if (step.status === "ready") {
    const recorded = await recordFeedback(services, { context, source: context.channel.kind, report: step.report, language, conversation: [] });
    return recorded.ok ? ok({ kind: "recorded", body: { ...recorded.value, id, status: "ready" } }) : recorded;
  }
  const shown = stepFor(id, step);
  if (awaitsAnswer(shown)) {
    await services.store.saveQualification({
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
    });
  }
  return ok({ kind: "step", body: shown });
}

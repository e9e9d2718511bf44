import { fail, ok, type Result } from "../errors.ts";
import type { ReportOutcome } from "../model.ts";
import {
  assistantTurns,
  awaitsAnswer,
  helpWasEnough,
  isMissingAnswer,
  QUALIFICATION_TTL_MS,
  readAnswer,
  resolvedStep,
  stepFor,
  withAnswer,
} from "./machine.ts";
import { requestFingerprint } from "../report/fingerprint.ts";
import type { QualificationAnswer } from "../schemas/qualification.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { CollectionStore } from "../store/collection.ts";
import type { HelpCenterStore } from "../store/help-center.ts";
import type { IdempotencyStore, IdempotentWrite } from "../store/idempotency.ts";
import type { QualificationSession, QualificationStore } from "../store/qualifications.ts";
import { askAssistant } from "./ask-assistant.ts";
import { qualified, type RecordDeps, replay, type Submitted } from "../report/record-feedback.ts";
import { IDEMPOTENCY_WINDOW_MS, validIdempotencyKey } from "../collection/submit-report.ts";
import { openChannel, SERVER, type Sender, sendsOn } from "../collection/open-channel.ts";
import { answersScope, ENDING, endedOnce, recordEnding } from "./ending.ts";
import { keptAnswer } from "../report/kept-answer.ts";

/** What answering a qualification reads and writes. */
type AnswerDeps = RecordDeps &
  Pick<Services, "assistant" | "inFlight"> & {
    readonly store: Pick<CollectionStore, "findChannelByKey"> &
      Pick<IdempotencyStore, "findAnswer" | "saveAnswer"> &
      Pick<QualificationStore, "findQualification" | "saveQualification" | "endQualification"> &
      Pick<HelpCenterStore, "listHelpArticles"> &
      Pick<CatalogStore, "listFeatures">;
  };

/**
 * POST /v1/reports/{id}/answers: the person's answer moves the qualification one step on.
 * The answer that ends it is kept for the rest of the validity window, so a client whose
 * response was lost sends the same answer again and gets the same response (the ticket included).
 * With an idempotency key, every step replays as on /v1/reports.
 */
export async function answerQualification(
  services: AnswerDeps,
  id: string,
  answer: QualificationAnswer,
  idempotencyKey?: string,
  sender: Sender = SERVER,
): Promise<Result<Submitted>> {
  if (idempotencyKey !== undefined && !validIdempotencyKey(idempotencyKey)) return fail("invalid_idempotency_key");
  if (isMissingAnswer(answer)) return fail("missing_answer");
  const channel = await openChannel(services, answer.publicKey, sender);
  // A disabled channel is refused on both collection routes. A server's other refusals of its key
  // mean a key the report was not made with: qualification_not_found, below, as the spec says.
  if (!channel.ok && (sender.via === "browser" || channel.code === "channel_inactive")) return channel;
  const { store, clock } = services;
  const now = clock();
  const scope = answersScope(answer.publicKey, id);
  const fingerprint = await requestFingerprint(answer);
  if (idempotencyKey !== undefined) {
    const earlier = await store.findAnswer(scope, idempotencyKey, now);
    if (earlier) return replay(services, earlier, fingerprint);
  }
  const session = await store.findQualification(id, now);
  // A widget's qualification goes on only from a browser, an API channel's only from a server.
  if (!session || session.channelKey !== answer.publicKey || !sendsOn(sender, session.source)) {
    const ending = await keptAnswer(services, scope, ENDING, now);
    return ending?.fingerprint === fingerprint ? ok({ outcome: ending.response, replayed: true }) : fail("qualification_not_found");
  }
  const write = (key: string, ttl: number): IdempotentWrite => ({ scope, key, fingerprint, now, expiresAt: now + ttl });
  const ending = write(ENDING, QUALIFICATION_TTL_MS);
  // Without a key, the ending's write is the guard: of two senders, one records and the other replays.
  if (idempotencyKey === undefined) return advance(services, session, answer, { ending });
  const running = `${scope}\u0000${idempotencyKey}`;
  const entered = services.inFlight.enter(running, fingerprint);
  if (entered === "in_progress") return fail("idempotency_in_progress");
  if (entered === "reused") return fail("idempotency_key_reused");
  try {
    return await advance(services, session, answer, { ending, keyed: write(idempotencyKey, IDEMPOTENCY_WINDOW_MS) });
  } finally {
    services.inFlight.leave(running);
  }
}

interface Writes {
  /** The answer that ends the qualification, whatever the client sent. */
  readonly ending: IdempotentWrite;
  /** The client's own key, for a step that does not end it. */
  readonly keyed?: IdempotentWrite;
}

async function advance(services: AnswerDeps, session: QualificationSession, answer: QualificationAnswer, writes: Writes): Promise<Result<Submitted>> {
  const { store, assistant } = services;
  const { id } = session;
  const now = writes.ending.now;
  const read = readAnswer(session.pending, answer);
  if (!read.ok) return read;

  if (helpWasEnough(session.pending, read.value)) return end(services, id, { kind: "step", body: resolvedStep(id, session.language) }, writes);
  const answered = withAnswer(session, read.value, now);
  const [helpArticles, features] = await Promise.all([
    store.listHelpArticles(answered.orgId, answered.appId),
    store.listFeatures(answered.orgId, answered.appId),
  ]);
  const step = await askAssistant(assistant, {
    helpArticles,
    features,
    appId: answered.appId,
    report: answered.report,
    language: answered.language,
    conversation: answered.conversation,
    answers: answered.answers,
  });
  // On failure the session stays as it was, so the same answer can be sent again.
  if (!step) return fail("qualification_failed");

  if (step.status === "ready")
    return recordEnding(services, session, { report: step.report, conversation: answered.conversation, ending: writes.ending }, qualified(id));
  const shown = stepFor(id, step);
  const outcome: ReportOutcome = { kind: "step", body: shown };
  if (!awaitsAnswer(shown)) return end(services, id, outcome, writes);
  const next = { ...answered, pending: shown, conversation: [...answered.conversation, ...assistantTurns(shown, now)] };
  const earlier = await store.saveQualification(next, writes.keyed && { ...writes.keyed, response: outcome });
  return earlier ? replay(services, earlier, writes.ending.fingerprint) : ok({ outcome, replayed: false });
}

/** A step that ends the qualification without a report (resolved, drop, restart): kept as its ending. */
async function end(services: AnswerDeps, id: string, outcome: ReportOutcome, writes: Writes): Promise<Result<Submitted>> {
  const earlier = await services.store.saveAnswer(writes.ending, outcome);
  await services.store.endQualification(id);
  return endedOnce(earlier ? await replay(services, earlier, writes.ending.fingerprint) : ok({ outcome, replayed: false }));
}

import { fail, ok, type Result } from "../errors.ts";
import type { ReportOutcome } from "../model.ts";
import {
  assistantTurns,
  awaitsAnswer,
  helpWasEnough,
  isMissingAnswer,
  readAnswer,
  resolvedStep,
  stepFor,
  withAnswer,
} from "../qualification/machine.ts";
import type { QualificationAnswer } from "../schemas/qualification.ts";
import type { Services } from "../services.ts";
import { askAssistant } from "./ask-assistant.ts";
import { qualified, recordFeedback } from "./record-feedback.ts";

/** POST /v1/reports/{id}/answers: the person's answer moves the qualification one step on. */
export async function answerQualification(services: Services, id: string, answer: QualificationAnswer): Promise<Result<ReportOutcome>> {
  if (isMissingAnswer(answer)) return fail("missing_answer");
  const { store, clock, assistant } = services;
  const now = clock();
  const session = await store.findQualification(id, now);
  // A session opened with another key is as unknown as a missing one: nothing leaks across channels.
  if (!session || session.channelKey !== answer.publicKey) return fail("qualification_not_found");
  const read = readAnswer(session.pending, answer);
  if (!read.ok) return read;

  if (helpWasEnough(session.pending, read.value)) {
    await store.endQualification(id);
    return ok({ kind: "step", body: resolvedStep(id, session.language) });
  }
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

  if (step.status === "ready") {
    const context = await store.findChannelByKey(session.channelKey);
    if (!context) return fail("qualification_not_found");
    const recorded = await recordFeedback(
      services,
      {
        context,
        source: context.channel.kind,
        report: step.report,
        language: session.language,
        conversation: answered.conversation,
        qualificationId: id,
      },
      qualified(id),
    );
    return recorded.ok ? ok(recorded.value.outcome) : recorded;
  }
  const shown = stepFor(id, step);
  if (awaitsAnswer(shown)) {
    await store.saveQualification({ ...answered, pending: shown, conversation: [...answered.conversation, ...assistantTurns(shown, now)] });
  } else {
    await store.endQualification(id);
  }
  return ok({ kind: "step", body: shown });
}

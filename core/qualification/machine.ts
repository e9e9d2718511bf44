import { invalid, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import type { Turn } from "../model.ts";
import type { AssistantStep } from "../ports.ts";
import type { QualificationSession } from "../store/qualifications.ts";
import type { QualificationAnswer, QualificationQuestion, QualificationStep } from "../schemas/qualification.ts";

/** A qualification id stays valid this long after the last answer. */
export const QUALIFICATION_TTL_MS = 15 * 60_000;

/** Id of the question that follows a help-center answer: was it enough? */
const HELPED_QUESTION_ID = "helped";

interface ReadAnswer {
  /** The answer as the conversation records it: choice labels, or the free text. */
  readonly text: string;
  /** The question it answers. */
  readonly questionId: string;
  readonly choiceIds: readonly string[];
}

const hasText = (answer: QualificationAnswer): boolean => (answer.text?.trim().length ?? 0) > 0;

/** Checked before the session is looked up: an answer must carry something. */
export function isMissingAnswer(answer: QualificationAnswer): boolean {
  return !hasText(answer) && (answer.choiceIds?.length ?? 0) === 0;
}

/** Checks an answer against the questions the client was shown. */
export function readAnswer(pending: QualificationStep, answer: QualificationAnswer): Result<ReadAnswer> {
  const questions: readonly QualificationQuestion[] = pending.questions ?? [];
  const choiceIds = answer.choiceIds ?? [];
  if (choiceIds.length > 0) {
    const question = questions.find((q) => choiceIds.every((id) => q.choices?.some((c) => c.id === id)));
    if (!question || (question.mode !== "multi" && choiceIds.length > 1))
      return invalid("invalid_answer", { field: "choiceIds", reason: "not_a_choice" });
    const labels = choiceIds.map((id) => question.choices?.find((c) => c.id === id)?.label ?? id);
    const text = [labels.join(", "), answer.text?.trim()].filter(Boolean).join(" — ");
    return ok({ text, questionId: question.id, choiceIds });
  }
  const question = questions.find((q) => q.mode === "text" || q.allowTextFallback);
  if (!question) return invalid("invalid_answer", { field: "text", reason: "choices_only" });
  return ok({ text: (answer.text ?? "").trim(), questionId: question.id, choiceIds: [] });
}

const RESOLVED_MESSAGE: Record<Language, string> = {
  en: "Glad this helped. Nothing was recorded.",
  fr: "Ravi que cela ait aidé. Rien n’a été enregistré.",
};

/** After a help-center answer, "yes, that was enough" ends the qualification without recording. */
export function helpWasEnough(pending: QualificationStep, answer: ReadAnswer): boolean {
  return pending.status === "answer" && answer.questionId === HELPED_QUESTION_ID && answer.choiceIds.includes("yes");
}

export const resolvedStep = (id: string, language: Language): QualificationStep => ({
  id,
  status: "resolved",
  message: RESOLVED_MESSAGE[language],
});

/** The session after the person answered: the answer joins the conversation and the clock restarts. */
export function withAnswer(session: QualificationSession, answer: ReadAnswer, now: number): QualificationSession {
  return {
    ...session,
    conversation: [...session.conversation, { role: "user", text: answer.text, at: now }],
    answers: { ...session.answers, [answer.questionId]: answer.choiceIds.length > 0 ? answer.choiceIds.join(",") : answer.text },
    expiresAt: now + QUALIFICATION_TTL_MS,
  };
}

/**
 * A question's id names its answer (and a hosted form's field): a question the assistant asked
 * twice under one id is asked once, as it first put it.
 */
const distinct = <Q extends { readonly id: string }>(questions: readonly Q[]): Q[] =>
  questions.filter((q, i) => questions.findIndex((other) => other.id === q.id) === i);

/** The step shown to the client for an assistant decision that does not record anything. */
export function stepFor(id: string, step: Exclude<AssistantStep, { status: "ready" }>): QualificationStep {
  switch (step.status) {
    case "ask":
      return { id, status: "ask", questions: distinct(step.questions) };
    case "answer":
      return { id, status: "answer", source: step.source, message: step.message, questions: distinct(step.questions) };
    default:
      return { id, status: step.status, message: step.message };
  }
}

/** What the assistant said, as conversation turns. */
export function assistantTurns(step: QualificationStep, at: number): Turn[] {
  const texts = [step.message, ...(step.questions ?? []).map((q) => q.prompt)].filter((t): t is string => Boolean(t));
  return texts.map((text) => ({ role: "assistant", text, at }));
}

/** Steps after which the client still answers; the others end the qualification. */
export const awaitsAnswer = (step: QualificationStep): boolean => step.status === "ask" || step.status === "answer";

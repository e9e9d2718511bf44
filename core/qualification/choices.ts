import type { Choice, QualificationQuestion } from "../schemas/qualification.ts";

/** The choices a question offers: its own, or Yes and No (in the reader's words) for a yes/no question that names none. */
export const choicesOf = (question: QualificationQuestion, words: { readonly yes: string; readonly no: string }): readonly Choice[] =>
  question.mode === "yes_no" && !question.choices?.length
    ? [
        { id: "yes", label: words.yes },
        { id: "no", label: words.no },
      ]
    : (question.choices ?? []);

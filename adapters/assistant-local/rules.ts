import type { Language } from "../../core/language.ts";
import type { FeatureRecord } from "../../core/model.ts";
import { usesProductVocabulary, words } from "../../core/grouping/analyze.ts";
import type { QualificationQuestion } from "../../core/schemas/qualification.ts";

/** The offline assistant's wording, in the reporter's language. */

export const MESSAGES = {
  /** Before the place a report's qualification learnt, added to its text: "Where: Checkout". */
  where: { en: "Where: ", fr: "Où\u202f: " },
  drop: {
    en: "This does not look like feedback about the app, so nothing was recorded.",
    fr: "Ce message ne semble pas concerner l’application\u202f: rien n’a été enregistré.",
  },
  restart: {
    en: "It sounds like a different subject. Please send it as a new report.",
    fr: "Il semble s’agir d’un autre sujet. Envoyez-le comme un nouveau signalement.",
  },
} as const satisfies Record<string, Record<Language, string>>;

/** A fact a precise report needs, and the question that obtains it. */
export interface Need {
  readonly id: "observed" | "expected" | "where" | "need";
  readonly question: Record<Language, string>;
}

export const NEEDS: Readonly<Record<Need["id"], Need>> = {
  observed: { id: "observed", question: { en: "What happened exactly?", fr: "Que s’est-il passé exactement\u202f?" } },
  expected: { id: "expected", question: { en: "What did you expect to happen instead?", fr: "Qu’attendiez-vous à la place\u202f?" } },
  where: {
    id: "where",
    question: {
      en: "Where in the app did this happen (page, screen or address)?",
      fr: "Où cela s’est-il produit dans l’application (page, écran ou adresse)\u202f?",
    },
  },
  need: {
    id: "need",
    question: {
      en: "What would this let you do that you cannot do today?",
      fr: "Que pourriez-vous faire grâce à cela que vous ne pouvez pas faire aujourd’hui\u202f?",
    },
  },
};

export const textQuestion = (need: Need, language: Language): QualificationQuestion => ({
  id: need.id,
  prompt: need.question[language],
  mode: "text",
});

const MAX_FEATURE_CHOICES = 8;

/** Where in the app: one feature of the map, or free text when none fits. */
export function whereQuestion(language: Language, features: readonly FeatureRecord[]): QualificationQuestion {
  if (features.length === 0) return textQuestion(NEEDS.where, language);
  return {
    id: "where",
    prompt: NEEDS.where.question[language],
    mode: "single",
    choices: features.slice(0, MAX_FEATURE_CHOICES).map((f) => ({ id: f.id, label: f.name })),
    allowTextFallback: true,
  };
}

const IMPACT_LABELS: Record<Language, string[]> = {
  en: ["1 — barely", "2", "3 — it slows me down", "4", "5 — it blocks me completely"],
  fr: ["1 — à peine", "2", "3 — cela me ralentit", "4", "5 — cela me bloque complètement"],
};

/** How much the problem hinders the person, on a scale of 1 to 5. */
export const impactQuestion = (language: Language): QualificationQuestion => ({
  id: "impact",
  prompt: language === "fr" ? "À quel point cela vous gêne-t-il\u202f?" : "How much does this get in your way?",
  mode: "scale",
  choices: IMPACT_LABELS[language].map((label, i) => ({ id: String(i + 1), label })),
});

/** Which parts of the app an idea touches: several features, or free text. */
export const touchesQuestion = (language: Language, features: readonly FeatureRecord[]): QualificationQuestion => ({
  id: "touches",
  prompt: language === "fr" ? "Quelles parties de l’application cela concernerait-il\u202f?" : "Which parts of the app would this touch?",
  mode: "multi",
  choices: features.slice(0, MAX_FEATURE_CHOICES).map((f) => ({ id: f.id, label: f.name })),
  allowTextFallback: true,
});

/** After a help-center answer: was it enough? */
export const helpedQuestion = (language: Language): QualificationQuestion => ({
  id: "helped",
  prompt: language === "fr" ? "Cela répond-il à votre question\u202f?" : "Does this answer your question?",
  mode: "yes_no",
  choices: [
    { id: "yes", label: language === "fr" ? "Oui" : "Yes" },
    { id: "no", label: language === "fr" ? "Non" : "No" },
  ],
});

const SPAM = /\b(viagra|casino|crypto ?currency|bitcoin|loan|seo services|click here|buy now|free money|porn)\b/i;
const CHANGE_OF_SUBJECT =
  /^(actually|also|by the way|another (thing|problem|issue|idea)|something else|different (problem|issue|subject)|en fait|autre chose|un autre (problème|sujet|bug)|au fait|sinon)\b/i;

/** Off-topic: spam, or text with fewer than two real words. */
export const isOffTopic = (text: string): boolean => SPAM.test(text) || (text.match(/\p{L}{2,}/gu) ?? []).length < 2;

const QUESTION =
  /^(what|what's|how|who|whom|whose|when|where|which|why|is there|are there|can you|could you|do you|tell me|quel|quelle|quels|quelles|comment|qui|quand|où|pourquoi|combien|est-ce qu)\b|\?\s*$/i;

/** Whether a text names a feature of the app's map: a word of a feature's name or path. */
function mentionsFeature(text: string, features: readonly FeatureRecord[]): boolean {
  const said = new Set(words(text));
  return features.some((f) => words(`${f.name} ${f.path}`).some((w) => said.has(w)));
}

/**
 * Text with nothing to do with the app: a general question ("What is the weather like in Paris
 * tomorrow?") when nothing said so far names a feature or uses the vocabulary of software.
 * A question about the app ("How do I export my data?") always has one or the other.
 */
export function isUnrelated(said: readonly string[], features: readonly FeatureRecord[]): boolean {
  const last = said.at(-1)?.trim() ?? "";
  const all = said.join("\n");
  return QUESTION.test(last) && !usesProductVocabulary(all) && !mentionsFeature(all, features);
}

/** An answer that opens another subject instead of answering the question. */
export const changesSubject = (text: string): boolean => CHANGE_OF_SUBJECT.test(text.trim());

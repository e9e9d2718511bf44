import { Type, type Static } from "@sinclair/typebox";
import { Text } from "../../core/schemas/text.ts";
import { NATURES, SEVERITIES } from "../../core/schemas/feedback.ts";
import { literals } from "../../core/schemas/literals.ts";
import { QualificationQuestion } from "../../core/schemas/qualification.ts";

/** What the model answers at a qualification step; checked before the core sees it. */
export const Decision = Type.Object({
  status: literals(["ask", "answer", "drop", "restart", "resolved", "ready"] as const),
  message: Type.Optional(Type.String()),
  questions: Type.Optional(Type.Array(QualificationQuestion, { maxItems: 3 })),
  source: Type.Optional(Type.Object({ title: Type.String(), url: Type.String() })),
  report: Type.Optional(
    Type.Object({
      title: Type.Optional(Type.String()),
      observed: Type.Optional(Type.String()),
      expected: Type.Optional(Type.String()),
      url: Type.Optional(Type.String()),
    }),
  ),
});
export type Decision = Static<typeof Decision>;

export const TitleAnswer = Type.Object({ title: Text({ minLength: 1, maxLength: 120 }) });

const nullableText = Type.Union([Type.String(), Type.Null()]);

export const TriageAnswer = Type.Object({
  featureId: nullableText,
  severity: Type.Union([literals(SEVERITIES), Type.Null()]),
  nature: Type.Union([literals(NATURES), Type.Null()]),
  summary: Type.Optional(nullableText),
  diagnostic: Type.Optional(
    Type.Union([Type.Object({ where: nullableText, probableCause: nullableText, suggestedAction: nullableText }), Type.Null()]),
  ),
});
export type TriageAnswer = Static<typeof TriageAnswer>;

import { Type, type Static } from "@sinclair/typebox";
import { literals } from "./literals.ts";

const QuestionMode = literals(["text", "single", "yes_no", "scale", "multi"] as const);

export const Choice = Type.Object({ id: Type.String(), label: Type.String() });
export type Choice = Static<typeof Choice>;

export const QualificationQuestion = Type.Object(
  {
    id: Type.String(),
    prompt: Type.String({ description: "The question, to be displayed as it is." }),
    mode: QuestionMode,
    choices: Type.Optional(Type.Array(Choice)),
    allowTextFallback: Type.Optional(Type.Boolean()),
  },
  { $id: "QualificationQuestion" },
);
export type QualificationQuestion = Static<typeof QualificationQuestion>;

const StepStatus = literals(["ask", "answer", "drop", "restart", "resolved"] as const);

export const QualificationStep = Type.Object(
  {
    id: Type.String({ description: "Identifier of the qualification. Valid 15 minutes after the last answer." }),
    status: StepStatus,
    questions: Type.Optional(Type.Array(QualificationQuestion)),
    source: Type.Optional(Type.Object({ title: Type.String(), url: Type.String() })),
    message: Type.Optional(Type.String()),
  },
  { $id: "QualificationStep" },
);
export type QualificationStep = Static<typeof QualificationStep>;

export const QualificationAnswer = Type.Object(
  {
    publicKey: Type.String({ minLength: 1, description: "The key used to create the report." }),
    text: Type.Optional(Type.String()),
    choiceIds: Type.Optional(Type.Array(Type.String())),
  },
  { $id: "QualificationAnswer" },
);
export type QualificationAnswer = Static<typeof QualificationAnswer>;

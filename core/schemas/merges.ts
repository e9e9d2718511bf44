import { Type, type Static } from "@sinclair/typebox";
import { FeedbackSummary } from "./feedback.ts";
import { Text } from "./text.ts";

export const MergeRequest = Type.Object(
  { into: Text({ minLength: 1, maxLength: 100, description: "Key (or id) of the feedback that absorbs this one." }) },
  { $id: "MergeRequest", additionalProperties: false },
);
export type MergeRequest = Static<typeof MergeRequest>;

export const SimilarFeedback = Type.Object(
  {
    feedback: FeedbackSummary,
    score: Type.Number({
      description:
        "How alike the two are, on the grouper's scale (higher is closer). A pair waiting in Possible duplicates has the score grouping suggested it with, the same from either feedback.",
    }),
    sure: Type.Boolean({ description: "Alike enough that grouping would merge them on its own." }),
    matched: Type.Array(Type.String(), { description: "The words the two share that weighed most." }),
  },
  { $id: "SimilarFeedback" },
);
export type SimilarFeedback = Static<typeof SimilarFeedback>;

export const SimilarList = Type.Object(
  {
    data: Type.Array(SimilarFeedback, {
      description:
        "Open feedbacks of the same app that may tell the same thing, most alike first: those it compares alike with now, and those of its pairs waiting in Possible duplicates.",
    }),
    mergedInto: Type.Optional(
      Type.String({
        description: "Present when the key asked for was merged into another feedback: that one's key, whose similar feedbacks these are.",
      }),
    ),
  },
  { $id: "SimilarList" },
);
export type SimilarList = Static<typeof SimilarList>;

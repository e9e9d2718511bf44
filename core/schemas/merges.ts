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
    weak: Type.Optional(
      Type.Object(
        {
          reason: Type.Union([Type.Literal("common_names"), Type.Literal("form_words"), Type.Literal("common_words")], {
            description:
              "`common_names`: the only things both name are words many feedbacks of the app name (a product name); `form_words`: they name nothing, sharing only words of a report form (steps, expected, actual, version); `common_words`: they name nothing, sharing only words any report uses (button, crash).",
          }),
          words: Type.Array(Type.String(), { description: "The words the match rests on, as the reports wrote them." }),
        },
        {
          description:
            "Present when the match rests on little, which a person should check before merging: the same on the page and in Possible duplicates. Absent for a sure duplicate, and for a grouper that gives no matched words.",
        },
      ),
    ),
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

import { Type, type Static } from "@sinclair/typebox";
import { COMMENT_MAX_LENGTH } from "./feedback.ts";
import { literals } from "./literals.ts";
import { Text } from "./text.ts";

/** `internal`: the team only. `public`: also the feedback's reporters (their tracking pages). */
const COMMENT_VISIBILITIES = ["internal", "public"] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];

/** A comment's text: at most 5000 characters, not blank. */
export const CommentText = Text({
  minLength: 1,
  maxLength: COMMENT_MAX_LENGTH,
  pattern: "\\S",
  description: "The comment's text: at most 5000 characters, with at least one visible character.",
});

/** A comment on a feedback (`POST /v1/feedbacks/{key}/comments`): internal unless said public. */
export const CommentRequest = Type.Object(
  {
    text: CommentText,
    visibility: Type.Optional({
      ...literals(COMMENT_VISIBILITIES),
      description:
        "internal (default): the team only; public: also on the portal while the feedback is published, on its reporters' tracking pages, and e-mailed to its followers.",
    }),
  },
  { $id: "CommentRequest", additionalProperties: false },
);
export type CommentRequest = Static<typeof CommentRequest>;

/** The same comment as an agent's tool takes it, with the feedback it goes to. */
export const AddComment = Type.Object(
  { key: Type.String({ minLength: 1, description: "The feedback's key or id." }), ...CommentRequest.properties },
  { additionalProperties: false },
);
export type AddComment = Static<typeof AddComment>;

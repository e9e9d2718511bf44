import { Type, type Static } from "@sinclair/typebox";
import { COMMENT_MAX_LENGTH, KINDS, SeveritySchema, StatusChange, StatusSchema } from "./feedback.ts";
import { literals } from "./literals.ts";
import { Text } from "./text.ts";

/** A tag's name: per organization, created on first use. */
export const TAG_NAME_MAX_LENGTH = 40;
/** How many tags one feedback carries at most. */
export const MAX_TAGS = 20;
export const TITLE_MAX_LENGTH = 200;
/** How many feedbacks one bulk request names at most. */
export const BULK_MAX_KEYS = 100;

/** A tag's name has no comma: comma-separated lists of tags (forms, the CLI) stay readable. */
export const NO_COMMA_PATTERN = "^[^,]*$";
/** An ISO 8601 date, or a date and time with its offset. */
export const DUE_DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2}))?$";

export const TagName = Text({ minLength: 1, maxLength: TAG_NAME_MAX_LENGTH, pattern: NO_COMMA_PATTERN, description: "A tag's name (no comma)." });
const Tags = (description: string) => Type.Array(TagName, { maxItems: MAX_TAGS, description });
const Owner = Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: "A member's e-mail, me for oneself, or null for no owner." });
const DueAt = (description: string) =>
  Type.Union([Type.String({ pattern: DUE_DATE_PATTERN, description: "An ISO 8601 date (2026-12-01) or date and time." }), Type.Null()], {
    description,
  });
const Comment = Text({ maxLength: COMMENT_MAX_LENGTH, description: "Added to the feedback. For dismissed it is the reason." });

/**
 * Body of PATCH /v1/feedbacks/{key}: the specification's StatusChange, and the triage fields
 * beside it. `status` is required only when no triage field is sent; a change of status keeps its
 * events, the other changes emit none.
 */
export const FeedbackUpdate = Type.Object(
  {
    status: Type.Optional(StatusChange.properties.status),
    comment: Type.Optional(Comment),
    owner: Type.Optional(Owner),
    dueAt: Type.Optional(DueAt("When it is due; null for no date.")),
    severity: Type.Optional(Type.Union([SeveritySchema, Type.Null()], { description: "P0 to P3; null for none." })),
    kind: Type.Optional(literals(KINDS, { description: "problem, idea or praise." })),
    featureId: Type.Optional(
      Type.Union([Type.String({ minLength: 1 }), Type.Null()], { description: "A feature of the feedback's app; null for none." }),
    ),
    title: Type.Optional(Text({ minLength: 1, maxLength: TITLE_MAX_LENGTH, pattern: "\\S", description: "The feedback's title, in a line." })),
    tags: Type.Optional(Tags("Every tag of the feedback, replacing those it had; a name new to the organization creates its tag.")),
  },
  { $id: "FeedbackUpdate", additionalProperties: false },
);
export type FeedbackUpdate = Static<typeof FeedbackUpdate>;

const Tag = Type.Object(
  {
    name: Type.String(),
    createdAt: Type.String({ format: "date-time" }),
    color: Type.Optional(Type.String({ description: "The tag's colour, one of a fixed palette, set in the settings." })),
  },
  { $id: "Tag" },
);
export const TagList = Type.Object({ data: Type.Array(Tag) }, { $id: "TagList" });
export type TagList = Static<typeof TagList>;

/** Body of POST /v1/feedbacks/bulk. */
export const BulkRequest = Type.Object(
  {
    keys: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: BULK_MAX_KEYS, description: "Keys or ids, at most 100." }),
    set: Type.Object(
      {
        status: Type.Optional(StatusSchema),
        comment: Type.Optional(Comment),
        owner: Type.Optional(Owner),
        dueAt: Type.Optional(DueAt("When each is due; null for no date.")),
        addTags: Type.Optional(Tags("Tags each feedback gains.")),
        removeTags: Type.Optional(Tags("Tags each feedback loses.")),
      },
      // A field misspelled (tag for addTags) would change the rest and drop it, without a word.
      { additionalProperties: false },
    ),
  },
  { $id: "BulkRequest", additionalProperties: false },
);
export type BulkRequest = Static<typeof BulkRequest>;

export const BulkResults = Type.Object(
  {
    results: Type.Array(
      Type.Object({
        key: Type.String(),
        ok: Type.Boolean(),
        code: Type.Optional(Type.String({ description: "Why this feedback was left as it was: the code the PATCH of it alone would answer." })),
        mergedInto: Type.Optional(
          Type.String({ description: "The key was merged into this feedback, which was changed instead (as its PATCH alone would do)." }),
        ),
      }),
    ),
  },
  { $id: "BulkResults" },
);
export type BulkResults = Static<typeof BulkResults>;

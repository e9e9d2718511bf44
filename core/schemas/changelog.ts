import { Type, type Static } from "@sinclair/typebox";
import { literals } from "./literals.ts";
import { Text } from "./text.ts";

/** A changelog entry's body: Markdown, at most this many code points. */
export const CHANGELOG_BODY_MAX_LENGTH = 20_000;
export const CHANGELOG_TITLE_MAX_LENGTH = 200;
/** How many feedbacks one entry may ship. */
const CHANGELOG_FEEDBACKS_MAX = 100;

const CHANGELOG_STATUSES = ["draft", "published"] as const;
export type ChangelogStatus = (typeof CHANGELOG_STATUSES)[number];

const title = Text({ minLength: 1, maxLength: CHANGELOG_TITLE_MAX_LENGTH, pattern: "\\S", description: "What shipped, in a line." });
const body = Text({
  maxLength: CHANGELOG_BODY_MAX_LENGTH,
  description: "Markdown, at most 20000 characters; raw HTML is shown as text, links only http, https and mailto.",
});
const feedbacks = Type.Array(Text({ minLength: 1, maxLength: 100 }), {
  maxItems: CHANGELOG_FEEDBACKS_MAX,
  uniqueItems: true,
  description: "Keys (or ids) of the feedbacks this entry ships.",
});

export const ChangelogEntry = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    body: Type.String({ description: "Markdown." }),
    status: literals(CHANGELOG_STATUSES),
    publishedAt: Type.Optional(Type.String({ format: "date-time" })),
    feedbacks: Type.Array(Type.String(), { description: "Keys of the feedbacks it ships." }),
    createdAt: Type.String({ format: "date-time" }),
    updatedAt: Type.String({ format: "date-time" }),
  },
  { $id: "ChangelogEntry" },
);
export type ChangelogEntry = Static<typeof ChangelogEntry>;

export const ChangelogList = Type.Object(
  { data: Type.Array(ChangelogEntry, { description: "Drafts and published entries, newest first." }) },
  { $id: "ChangelogList" },
);
export type ChangelogList = Static<typeof ChangelogList>;

export const ChangelogCreate = Type.Object(
  { title, body: Type.Optional(body), feedbacks: Type.Optional(feedbacks) },
  { $id: "ChangelogCreate", additionalProperties: false },
);
export type ChangelogCreate = Static<typeof ChangelogCreate>;

export const ChangelogPatch = Type.Object(
  { title: Type.Optional(title), body: Type.Optional(body), feedbacks: Type.Optional(feedbacks) },
  { $id: "ChangelogPatch", additionalProperties: false, minProperties: 1 },
);
export type ChangelogPatch = Static<typeof ChangelogPatch>;

export const PublishChangelogEntry = Type.Object(
  {
    id: Type.Optional(Type.String({ minLength: 1, description: "A draft to publish; without it, a new entry is written and published at once." })),
    title: Type.Optional(title),
    body: Type.Optional(body),
    feedbacks: Type.Optional(feedbacks),
  },
  {
    $id: "PublishChangelogEntry",
    additionalProperties: false,
    description: "With id: publishes that draft, first changed by the other fields given. Without id: title is required.",
  },
);
export type PublishChangelogEntry = Static<typeof PublishChangelogEntry>;

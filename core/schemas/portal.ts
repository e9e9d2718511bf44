import { Type, type Static } from "@sinclair/typebox";
import { KINDS, KindSchema, STATUS_FILTERS, STATUSES, StatusSchema } from "./feedback.ts";
import { literals } from "./literals.ts";
import { Text } from "./text.ts";

/** A colour as the portal takes it: #rrggbb. */
export const BRAND_COLOR_PATTERN = "^#[0-9a-fA-F]{6}$";

/** Who may post from the portal: nobody, signed-in people whose posts wait for the team (default), or signed-in people at once. */
export const POSTING_MODES = ["off", "review", "open"] as const;
export type PostingMode = (typeof POSTING_MODES)[number];

/** Orders of the public board: most votes, newest, most recently active. */
export const PORTAL_SORTS = ["top", "new", "trending"] as const;
export type PortalSort = (typeof PORTAL_SORTS)[number];

/**
 * The organization's sign-in address: https, or http on the machine itself (localhost, 127.x.x.x,
 * [::1]) where a developer runs their app; no credentials, no spaces. Never javascript:, data: or
 * any other scheme: the portal sends people's browsers there.
 */
export const SIGN_IN_URL_PATTERN = "^(?:https://[^\\s/?#@\\\\]+|http://(?:localhost|127(?:\\.\\d{1,3}){3}|\\[::1\\])(?::\\d{1,5})?)(?:[/?#]\\S*)?$";
export const SIGN_IN_URL_MAX_LENGTH = 2000;
/** The query parameter the portal adds to the organization's sign-in address: the portal's page to come back to. */
export const RETURN_TO_PARAM = "return_to";

export const SLUG_PATTERN = "^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$";
export const PORTAL_TITLE_MAX_LENGTH = 80;
export const STATUS_LABEL_MAX_LENGTH = 40;
export const PUBLIC_TITLE_MAX_LENGTH = 200;
export const PUBLIC_DESCRIPTION_MAX_LENGTH = 5000;

const StatusLabels = Type.Partial(
  Type.Object(Object.fromEntries(STATUSES.map((s) => [s, Text({ minLength: 1, maxLength: STATUS_LABEL_MAX_LENGTH, pattern: "\\S" })]))),
  {
    // A name that is no status labels nothing: refused, where it was kept and read back as if it did.
    additionalProperties: false,
    description:
      "Public label of each status, replacing the default one (Under review, Planned, In progress, Fixed, Complete, Closed) in every language.",
  },
);

const SIGN_IN_URL_DESCRIPTION =
  "The organization's own sign-in page (single sign-on). Once an SSO secret exists too, the portal's Sign in sends people there, with the portal's page to come back to as the query parameter return_to; null: none.";

export const Portal = Type.Object(
  {
    enabled: Type.Boolean({ description: "Whether the portal answers; off until an Admin turns it on." }),
    slug: Type.String({ description: "The portal's address is {base_url}/p/{slug}." }),
    title: Type.String({ description: "Shown at the top of every portal page." }),
    posting: literals(POSTING_MODES),
    indexing: Type.Boolean({ description: "false (default): every page says noindex and robots.txt disallows all." }),
    statusLabels: Type.Record(Type.String(), Type.String()),
    brandColor: Type.Union([Type.String(), Type.Null()], { description: "Accent colour of the portal (#rrggbb); null for the default." }),
    ssoSecretSet: Type.Boolean({
      description: "Whether an SSO secret exists that the service can use; the secret itself is shown only when created.",
    }),
    ssoSecretLost: Type.Boolean({
      description:
        "true when the SSO secret was sealed with a key this service no longer has (after secret-key reset): it verifies no token, and the portal offers no single sign-on, until a new one is created.",
    }),
    signInUrl: Type.Union([Type.String(), Type.Null()], { description: SIGN_IN_URL_DESCRIPTION }),
    url: Type.String({ description: "The portal's board." }),
  },
  { $id: "Portal" },
);
export type Portal = Static<typeof Portal>;

export const PortalUpdate = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    slug: Type.Optional(Type.String({ pattern: SLUG_PATTERN, description: "Lower-case letters, digits and hyphens, 1 to 40." })),
    title: Type.Optional(Text({ minLength: 1, maxLength: PORTAL_TITLE_MAX_LENGTH, pattern: "\\S" })),
    posting: Type.Optional(literals(POSTING_MODES)),
    indexing: Type.Optional(Type.Boolean()),
    statusLabels: Type.Optional(StatusLabels),
    brandColor: Type.Optional(Type.Union([Type.String({ pattern: BRAND_COLOR_PATTERN }), Type.Null()])),
    signInUrl: Type.Optional(
      Type.Union([Text({ pattern: SIGN_IN_URL_PATTERN, maxLength: SIGN_IN_URL_MAX_LENGTH }), Type.Null()], {
        description: `${SIGN_IN_URL_DESCRIPTION} https (http only on localhost, 127.0.0.1 or [::1]); null removes it.`,
      }),
    ),
  },
  { $id: "PortalUpdate", additionalProperties: false, description: "The fields sent are changed; the others keep their value." },
);
export type PortalUpdate = Static<typeof PortalUpdate>;

export const SsoSecret = Type.Object(
  { ssoSecret: Type.String({ description: "Signs the HS256 tokens of the customer's single sign-on; shown this once." }) },
  { $id: "SsoSecret" },
);

export const PublishRequest = Type.Object(
  {
    title: Type.Optional(
      Text({ minLength: 1, maxLength: PUBLIC_TITLE_MAX_LENGTH, pattern: "\\S", description: "Public title; the feedback's title when absent." }),
    ),
    description: Type.Optional(
      Text({ maxLength: PUBLIC_DESCRIPTION_MAX_LENGTH, description: "Public description, written by the team; never filled from reports." }),
    ),
  },
  { $id: "PublishRequest", additionalProperties: false },
);
export type PublishRequest = Static<typeof PublishRequest>;

export const PublicComment = Type.Object({
  author: Type.Optional(
    Type.String({
      description: "The name of the team member who wrote it, or of the signed-in person who commented on the portal, when they gave one.",
    }),
  ),
  team: Type.Boolean({ description: "Whether a member of the team wrote it (false: someone who uses the app)." }),
  at: Type.String({ format: "date-time" }),
  text: Type.String(),
});
export type PublicComment = Static<typeof PublicComment>;

const publicFields = {
  key: Type.String(),
  publicTitle: Type.String(),
  publicDescription: Type.Optional(Type.String()),
  kind: KindSchema,
  status: StatusSchema,
  statusLabel: Type.String({ description: "The portal's public label of the status." }),
  votes: Type.Integer(),
  app: Type.Object({ id: Type.String(), name: Type.String() }),
  createdAt: Type.String({ format: "date-time" }),
  url: Type.String({ description: "The feedback's page on the portal." }),
};

/** What the public sees of a published feedback in a list: public fields only. */
export const PublicFeedbackSummary = Type.Object(
  { ...publicFields, commentCount: Type.Integer({ description: "How many public comments it has." }) },
  { $id: "PublicFeedbackSummary" },
);
export type PublicFeedbackSummary = Static<typeof PublicFeedbackSummary>;

/** What the public sees of a published feedback: public fields and public comments, nothing else. */
export const PublicFeedback = Type.Object({ ...publicFields, comments: Type.Array(PublicComment) }, { $id: "PublicFeedback" });
export type PublicFeedback = Static<typeof PublicFeedback>;

export const PublicFeedbackPage = Type.Object(
  { data: Type.Array(PublicFeedbackSummary), nextCursor: Type.Union([Type.String(), Type.Null()]) },
  { $id: "PublicFeedbackPage" },
);
export type PublicFeedbackPage = Static<typeof PublicFeedbackPage>;

export const PUBLIC_QUERY_MAX_LENGTH = 200;

export const PublicListQuery = Type.Object(
  {
    query: Type.Optional(
      Text({ minLength: 1, maxLength: PUBLIC_QUERY_MAX_LENGTH, description: "Words searched in the public title and description." }),
    ),
    appId: Type.Optional(Type.String({ minLength: 1 })),
    kind: Type.Optional(literals(KINDS)),
    status: Type.Optional(literals(STATUS_FILTERS)),
    sort: Type.Optional(
      Type.Union(
        PORTAL_SORTS.map((s) => Type.Literal(s)),
        {
          description:
            "top (default): most votes first (until votes exist, most reports first); new: newest first; trending: most recently active first.",
        },
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    cursor: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
export type PublicListQuery = Static<typeof PublicListQuery>;

export const PortalSimilarRequest = Type.Object(
  {
    text: Text({ maxLength: 20_000, description: "What the person is writing (the post's title); only its first 500 characters are read." }),
    appId: Type.Optional(Type.String({ minLength: 1, description: "The app the person chose to post about: only its feedbacks are offered." })),
  },
  { $id: "PortalSimilarRequest", additionalProperties: false },
);
export type PortalSimilarRequest = Static<typeof PortalSimilarRequest>;

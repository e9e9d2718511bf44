import { type Static, Type } from "@sinclair/typebox";
import { literals } from "./literals.ts";
import { PublicFeedbackSummary } from "./portal.ts";
import { ReportRequest } from "./report.ts";
import { Text } from "./text.ts";

/** Epoch milliseconds, as the browser's clock gave them. */
const At = Type.Integer({ minimum: 0, description: "When, in epoch milliseconds (the browser's clock)." });
const Address = Text({ maxLength: 2048 });

const MAX_CONSOLE_ENTRIES = 50;
const MAX_NETWORK_ENTRIES = 50;
const MAX_BREADCRUMBS = 50;

/**
 * What the widget captured around a report. Never typed text, request bodies or headers: the
 * widget does not collect them, and this shape has no place for them.
 */
export const BrowserContext = Type.Object(
  {
    page: Type.Optional(Type.Object({ url: Address, title: Type.Optional(Text({ maxLength: 300 })) })),
    browser: Type.Optional(
      Type.Object({ name: Text({ maxLength: 60 }), version: Text({ maxLength: 40 }), language: Type.Optional(Text({ maxLength: 35 })) }),
    ),
    system: Type.Optional(Type.Object({ os: Text({ maxLength: 60 }), mobile: Type.Boolean() })),
    screen: Type.Optional(
      Type.Object({
        width: Type.Integer({ minimum: 0, maximum: 100_000 }),
        height: Type.Integer({ minimum: 0, maximum: 100_000 }),
        pixelRatio: Type.Number({ minimum: 0, maximum: 100 }),
        viewportWidth: Type.Integer({ minimum: 0, maximum: 100_000 }),
        viewportHeight: Type.Integer({ minimum: 0, maximum: 100_000 }),
      }),
    ),
    console: Type.Optional(
      Type.Array(Type.Object({ level: literals(["error", "warn"] as const), message: Text({ maxLength: 1000 }), at: At }), {
        maxItems: MAX_CONSOLE_ENTRIES,
      }),
    ),
    network: Type.Optional(
      Type.Array(
        Type.Object({
          method: Text({ minLength: 1, maxLength: 16 }),
          url: Address,
          status: Type.Integer({ minimum: 0, maximum: 999, description: "0 for a network error." }),
          durationMs: Type.Integer({ minimum: 0 }),
          at: At,
        }),
        { maxItems: MAX_NETWORK_ENTRIES },
      ),
    ),
    breadcrumbs: Type.Optional(
      Type.Array(Type.Object({ kind: literals(["navigation", "click"] as const), label: Text({ maxLength: 200 }), at: At }), {
        maxItems: MAX_BREADCRUMBS,
      }),
    ),
    metadata: Type.Optional(
      Type.Record(Type.String({ maxLength: 100 }), Type.Union([Text({ maxLength: 500 }), Type.Number(), Type.Boolean()]), { maxProperties: 30 }),
    ),
  },
  { $id: "BrowserContext", description: "The page, browser, console and network errors and breadcrumbs the widget captured." },
);
export type BrowserContext = Static<typeof BrowserContext>;

const SCREENSHOT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** A replay is the JSON array of recorded events, gzip-compressed by the browser. */
const REPLAY_TYPE = "application/gzip";

export const WidgetAttachment = Type.Union(
  [
    Type.Object({ kind: Type.Literal("screenshot"), contentType: literals(SCREENSHOT_TYPES), data: Type.String({ contentEncoding: "base64" }) }),
    Type.Object({ kind: Type.Literal("replay"), contentType: Type.Literal(REPLAY_TYPE), data: Type.String({ contentEncoding: "base64" }) }),
  ],
  {
    $id: "WidgetAttachment",
    description: "A screenshot (up to 2 MB) or a gzip-compressed replay (up to 5 MB, expanding to at most 50 MB), base64-encoded.",
  },
);
export type WidgetAttachment = Static<typeof WidgetAttachment>;

export const WidgetReportRequest = Type.Object(
  {
    ...ReportRequest.properties,
    publicKey: Type.String({ minLength: 1, description: "Key of the widget channel of the app." }),
    context: Type.Optional(BrowserContext),
    attachments: Type.Optional(Type.Array(WidgetAttachment, { maxItems: 2, description: "At most one screenshot and one replay." })),
  },
  { $id: "WidgetReportRequest", description: "A report sent from a browser by the widget. Unknown fields are ignored." },
);
export type WidgetReportRequest = Static<typeof WidgetReportRequest>;

export const WidgetSettings = Type.Object(
  {
    replay: Type.Boolean({ description: "Whether the widget keeps a replay of the last minute (the app records one and the plan shows it)." }),
    portal: Type.Optional(
      Type.Object(
        {
          slug: Type.String(),
          url: Type.String({ description: "The portal's address, {base_url}/p/{slug}." }),
          appId: Type.String({ description: "The app's id, to list its ideas from the portal's public JSON." }),
          emailSignIn: Type.Boolean({
            description: "Whether the portal signs people in by an e-mail link (the service sends e-mail); if not, the widget offers no sign-in.",
          }),
        },
        { description: "Present when the organization's portal is on: the widget shows an Ideas tab and offers look-alike feedbacks." },
      ),
    ),
  },
  { $id: "WidgetSettings" },
);
export type WidgetSettings = Static<typeof WidgetSettings>;

/** The person the site identified, as the widget sends them to vote. */
const SsoToken = Type.String({
  minLength: 1,
  maxLength: 4096,
  description:
    "The person's single sign-on token (HS256 JWT {sub, email, name?, exp} signed with the portal's SSO secret), as given to Retour.identify.",
});
const FeedbackKey = Text({ minLength: 1, maxLength: 100, description: "The published feedback's key." });

export const WidgetVoteRequest = Type.Object(
  {
    publicKey: Type.String({ minLength: 1, description: "Key of the widget channel of the app." }),
    key: FeedbackKey,
    token: SsoToken,
  },
  { $id: "WidgetVoteRequest" },
);
export type WidgetVoteRequest = Static<typeof WidgetVoteRequest>;

export const WidgetVote = Type.Object(
  {
    key: Type.String({ description: "The feedback that holds the vote (a merged key votes for the feedback that answers for it)." }),
    votes: Type.Integer({ minimum: 0 }),
    counted: Type.Boolean({ description: "False when the person's vote was counted already." }),
  },
  { $id: "WidgetVote" },
);
export type WidgetVote = Static<typeof WidgetVote>;

/** The feedbacks the Ideas tab lists, whose vote buttons say whether the person's vote is counted there. */
const WIDGET_VOTED_KEYS_MAX = 20;

export const WidgetVotedRequest = Type.Object(
  {
    publicKey: Type.String({ minLength: 1, description: "Key of the widget channel of the app." }),
    keys: Type.Array(FeedbackKey, {
      minItems: 1,
      maxItems: WIDGET_VOTED_KEYS_MAX,
      description: "The published feedbacks' keys, as the Ideas tab lists them.",
    }),
    token: SsoToken,
  },
  { $id: "WidgetVotedRequest" },
);
export type WidgetVotedRequest = Static<typeof WidgetVotedRequest>;

export const WidgetVoted = Type.Object(
  {
    voted: Type.Array(
      Type.Object({
        key: Type.String(),
        votes: Type.Integer({ minimum: 0, description: "Its votes now (the list the tab shows may be a cached one)." }),
      }),
      {
        description: "Those of the keys asked whose votes count the person (their vote there, or on a feedback merged into it), in the order asked.",
      },
    ),
  },
  { $id: "WidgetVoted" },
);
export type WidgetVoted = Static<typeof WidgetVoted>;

export const WidgetSimilarRequest = Type.Object(
  {
    publicKey: Type.String({ minLength: 1, description: "Key of the widget channel of the app." }),
    text: Text({ maxLength: 20_000, description: "What the person is writing; only its first 500 characters are read." }),
  },
  { $id: "WidgetSimilarRequest" },
);
export type WidgetSimilarRequest = Static<typeof WidgetSimilarRequest>;

export const WidgetLookAlikes = Type.Object(
  { data: Type.Array(PublicFeedbackSummary, { maxItems: 3, description: "Most alike first; public fields only." }) },
  { $id: "WidgetLookAlikes" },
);
export type WidgetLookAlikes = Static<typeof WidgetLookAlikes>;

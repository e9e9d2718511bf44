import { Type, type Static } from "@sinclair/typebox";
import { literals } from "./literals.ts";
import { Text } from "./text.ts";
import { CompanyEntry } from "../triage/companies.ts";
import { EMAIL_PATTERN } from "../email.ts";
import { REPORT_SOURCES } from "../model.ts";

export const KINDS = ["problem", "idea", "praise"] as const;
export type Kind = (typeof KINDS)[number];
export const SEVERITIES = ["P0", "P1", "P2", "P3"] as const;
export type Severity = (typeof SEVERITIES)[number];
export const STATUSES = ["triage", "prioritized", "in_development", "fixed", "delivered", "dismissed"] as const;
export type Status = (typeof STATUSES)[number];
export const NATURES = ["bug", "ux", "performance", "question", "request", "content", "other"] as const;

export const KindSchema = literals(KINDS);
export const SeveritySchema = literals(SEVERITIES);
export const StatusSchema = literals(STATUSES);

const summaryFields = {
  key: Type.String({ description: "Human-readable key of the feedback." }),
  id: Type.String(),
  title: Type.String(),
  kind: KindSchema,
  severity: Type.Optional(SeveritySchema),
  status: StatusSchema,
  app: Type.Object({ id: Type.String(), name: Type.Optional(Type.String()) }),
  feature: Type.Optional(Type.Object({ id: Type.String(), path: Type.String() })),
  reports: Type.Integer({ description: "Number of grouped reports." }),
  followers: Type.Integer({ description: "How many people follow it (they are told when it is delivered)." }),
  createdAt: Type.String({ format: "date-time" }),
  lastActivityAt: Type.String({ format: "date-time", description: "Last report received." }),
  url: Type.String({ description: "The feedback in the service's web application." }),
  votes: Type.Integer({ description: "How many people voted for it (or for a feedback merged into it), each counted once." }),
  published: Type.Boolean({ description: "Whether the team published it on the portal." }),
  publicTitle: Type.Optional(Type.String({ description: "Its title on the portal, when published." })),
  publicDescription: Type.Optional(Type.String({ description: "Its description on the portal, when published with one." })),
  tags: Type.Optional(Type.Array(Type.String(), { description: "Its tags, when it has any." })),
  revenue: Type.Optional(Type.Number({ description: "The monthly spend of the companies that reported it, each counted once, when any spends." })),
  dueAt: Type.Optional(
    Type.String({
      format: "date-time",
      description:
        "When it is due, if the team set a due date. Beyond the specification, which gives it on a feedback read alone: lists, exports and webhooks carry it too.",
    }),
  ),
};

export const FeedbackSummary = Type.Object(
  {
    ...summaryFields,
    trackerIssue: Type.Optional(Type.String({ description: "Key of the linked tracker issue." })),
    owner: Type.Optional(Type.String({ description: "E-mail of the owner." })),
  },
  { $id: "FeedbackSummary" },
);
export type FeedbackSummary = Static<typeof FeedbackSummary>;

const reportFields = {
  id: Type.String({ description: "The report's identifier, to read it with its own context or split it out into a feedback of its own." }),
  source: Type.String({ description: "Channel kind, for example api or form." }),
  author: Type.Optional(Type.String()),
  at: Type.String({ format: "date-time" }),
  text: Type.String(),
};

export const ReportEntry = Type.Object(reportFields);
export type ReportEntry = Static<typeof ReportEntry>;

/** Context members, with the add-on, or null without it. */
const Context = (description: string) => Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], { description });

export const Report = Type.Object(
  {
    ...reportFields,
    context: Context(
      "What this report alone carried, as fullContext members (qualification, page, browser, system, screen, console, network, breadcrumbs, metadata, screenshot, replay), with the add-on; null without it.",
    ),
  },
  { $id: "Report" },
);
export type Report = Static<typeof Report>;

export const CommentEntry = Type.Object({
  author: Type.Optional(Type.String({ description: "Name, or else e-mail, of the person who wrote it." })),
  at: Type.String({ format: "date-time" }),
  statusChange: Type.Optional(Type.Object({ from: StatusSchema, to: StatusSchema }, { description: "The change it came with, if any." })),
  text: Type.String(),
  byReporter: Type.Optional(Type.Boolean({ description: "Present (true) when a reporter wrote it, answering from their tracking page." })),
  id: Type.Optional(Type.String({ description: "The comment's identifier, for a comment from the portal (to publish or reject it)." })),
  fromPortal: Type.Optional(
    Type.Boolean({
      description: "Present (true) when a person signed in on the portal wrote it; internal, it is held until the team publishes or rejects it.",
    }),
  ),
  visibility: Type.Union([Type.Literal("internal"), Type.Literal("public")], {
    description:
      "internal: the team only (every comment before the portal); public: also on the portal when the feedback is published, and on its reporters' tracking pages.",
  }),
});
export type CommentEntry = Static<typeof CommentEntry>;

/** A feedback merged into another, whose merge stands: the key unmerge takes to undo it. */
export const MergedFeedback = Type.Object({
  key: Type.String({ description: "The key of the feedback merged into this one: unmerge it to undo the merge." }),
  at: Type.String({ format: "date-time", description: "When it was merged." }),
});
export type MergedFeedback = Static<typeof MergedFeedback>;

const TrackerIssue = Type.Object({
  key: Type.String(),
  provider: Type.String(),
  status: Type.String(),
  url: Type.Optional(Type.String()),
  syncedAt: Type.Optional(Type.String({ format: "date-time", description: "When the issue and the feedback were last brought in line." })),
});

export const Feedback = Type.Object(
  {
    ...summaryFields,
    nature: Type.Optional(literals(NATURES)),
    summary: Type.Optional(Type.String()),
    observed: Type.Optional(Type.String()),
    expected: Type.Optional(Type.String()),
    owner: Type.Optional(Type.String({ description: "E-mail of the owner." })),
    trackerIssue: Type.Optional(TrackerIssue),
    reportList: Type.Array(ReportEntry),
    comments: Type.Array(CommentEntry, {
      description: "Comments, given with status changes or on their own (REST, MCP or the inbox), oldest first.",
    }),
    merged: Type.Optional(
      Type.Array(MergedFeedback, {
        description:
          "Present when other feedbacks were merged into this one and their merges stand: each by key, oldest merge first. Unmerge one (POST /v1/feedbacks/{key}/unmerge, over MCP unmerge_feedback) to give it back its reports.",
      }),
    ),
    mergedInto: Type.Optional(
      Type.String({ description: "Present when the key asked for was merged into another feedback: the key of that one, which is shown." }),
    ),
    reportsMovedTo: Type.Optional(
      Type.Array(Type.String(), {
        description:
          "Present with mergedInto when reports that the merge of the key asked for brought have left the feedback shown since (split off, or taken back by another unmerge): the keys of the feedbacks holding them now.",
      }),
    ),
    companies: Type.Optional(
      Type.Array(CompanyEntry, { description: "Who is asking: the companies behind its reports, the highest monthly spend first." }),
    ),
    fullContext: Context(
      "Full debugging context with the add-on (Growth and Enterprise plans); null without it. Its browser members (page, browser, system, screen, console, network, breadcrumbs, metadata, screenshot, replay) all come from one report, the latest that has any, named by reportId.",
    ),
  },
  { $id: "Feedback" },
);
export type Feedback = Static<typeof Feedback>;

export const FeedbackPage = Type.Object(
  { data: Type.Array(FeedbackSummary), nextCursor: Type.Union([Type.String(), Type.Null()]) },
  { $id: "FeedbackPage" },
);
export type FeedbackPage = Static<typeof FeedbackPage>;

export const COMMENT_MAX_LENGTH = 5000;

/** What a status argument takes, as a model reads it. */
const NEW_STATUS =
  "The new status: triage, prioritized, in_development, fixed, delivered (its followers are told) or dismissed (say why in comment).";

export const StatusChange = Type.Object(
  {
    status: literals(STATUSES, { description: NEW_STATUS }),
    comment: Type.Optional(Text({ maxLength: COMMENT_MAX_LENGTH, description: "Added to the feedback. For dismissed it is the reason." })),
  },
  { $id: "StatusChange" },
);
export type StatusChange = Static<typeof StatusChange>;

export const STATUS_FILTERS = ["open", "closed", "all", ...STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const QUERY_MAX_LENGTH = 200;
/**
 * List orders: most recent activity (the default), most reports, most severe (P0 first, none last),
 * most votes, most revenue, and the soonest due (those without a due date last, by activity).
 */
export const FEEDBACK_ORDERS = ["activity", "reports", "severity", "votes", "revenue", "due"] as const;

export const FeedbackListQuery = Type.Object(
  {
    status: Type.Optional(
      literals(STATUS_FILTERS, {
        description: "open (the default: triage, prioritized, in_development and fixed), closed (delivered and dismissed), all, or one status.",
      }),
    ),
    kind: Type.Optional(literals(KINDS, { description: "problem, idea or praise." })),
    severity: Type.Optional(literals(SEVERITIES, { description: "P0 (the most severe) to P3." })),
    appId: Type.Optional(Type.String({ minLength: 1, description: "App id, from list_apps (GET /v1/apps)." })),
    featureId: Type.Optional(
      Type.String({ minLength: 1, description: "Feature id (not its path), from list_features (GET /v1/apps/{id}/features)." }),
    ),
    query: Type.Optional(Text({ minLength: 1, maxLength: QUERY_MAX_LENGTH, description: "Text searched in key, title, summary and reports." })),
    published: Type.Optional(Type.Boolean({ description: "true: only feedbacks published on the portal; false: only those not published." })),
    source: Type.Optional(
      literals(REPORT_SOURCES, { description: "Only feedbacks holding a report from this source (api, form, widget, agent, slack, portal)." }),
    ),
    owner: Type.Optional(
      Type.Union([Type.Literal("me"), Type.Literal("none"), Type.String({ pattern: EMAIL_PATTERN })], {
        description: "me (the token's person), none (no owner), or a member's e-mail.",
      }),
    ),
    tag: Type.Optional(Type.String({ minLength: 1, description: "Only feedbacks with this tag." })),
    sort: Type.Optional(
      Type.Union(
        FEEDBACK_ORDERS.map((o) => Type.Literal(o)),
        {
          description:
            "activity (default): last activity first; reports: most reports first; severity: P0 first, none last; votes: most votes first; revenue: the highest monthly spend of the companies that reported first; due: the soonest due date first, then those without one, last active first.",
        },
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: "Feedbacks per page, 1 to 100." })),
    cursor: Type.Optional(Type.String({ minLength: 1, description: "The nextCursor of the previous page." })),
  },
  { additionalProperties: false },
);
export type FeedbackListQuery = Static<typeof FeedbackListQuery>;

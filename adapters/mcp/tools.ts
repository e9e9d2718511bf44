import { can, type Operation } from "../../core/authorization.ts";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { Type, type TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { type ErrorCode, type Failure, fail, invalid, type Result } from "../../core/errors.ts";
import { firstProblem } from "../../core/schemas/field-problem.ts";
import type { Grant } from "../../core/model.ts";
import { AppList, Feature, FeatureList } from "../../core/schemas/catalog.ts";
import { Feedback, FeedbackListQuery, FeedbackPage, StatusChange } from "../../core/schemas/feedback.ts";
import { overLongMessage, ReportResponse } from "../../core/schemas/report.ts";
import type { Services } from "../../core/services.ts";
import { changeStatus } from "../../core/feedback/change-status.ts";
import { AgentReport, createReport } from "../../core/report/create-report.ts";
import { getFeedback } from "../../core/feedback/get-feedback.ts";
import { getFeature } from "../../core/catalog/get-feature.ts";
import { listApps } from "../../core/catalog/list-apps.ts";
import { listFeatures } from "../../core/catalog/list-features.ts";
import { missingFilter } from "../../core/catalog/missing-filter.ts";
import { listFeedbacks } from "../../core/feedback/list-feedbacks.ts";
import { listSimilar } from "../../core/merges/list-similar.ts";
import { mergeFeedbacks } from "../../core/merges/merge-feedbacks.ts";
import { unmergeFeedback } from "../../core/merges/unmerge-feedback.ts";
import { MergeRequest, SimilarList } from "../../core/schemas/merges.ts";
import { ChangelogEntry, PublishChangelogEntry } from "../../core/schemas/changelog.ts";
import { publishEntry } from "../../core/changelog/publish-entry.ts";
import { AddComment } from "../../core/schemas/comment.ts";
import { addComment } from "../../core/feedback/add-comment.ts";
import { FeedbackUpdate } from "../../core/schemas/triage.ts";
import { updateFeedback } from "../../core/triage/update-feedback.ts";

/** One MCP tool: its schemas come from the core, its work from the same use cases as REST. */
export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /**
   * What it does, in the authorization table: reading, updating feedbacks or sending reports. The
   * tool is listed to those whose role allows it; its use case authorizes each call.
   */
  readonly operation: Operation;
  readonly input: TSchema;
  readonly output: TSchema;
  /** The code of a refused input, as the REST twin would answer. */
  readonly invalidInput: ErrorCode;
  /**
   * Names a client may take for an argument, each with the argument's own: a call that uses one is
   * refused naming the argument to use instead.
   */
  readonly otherNames?: Readonly<Record<string, string>>;
  /** A refusal its REST twin makes before checking the rest of its arguments (an over-long message). */
  readonly refusedFirst?: (args: unknown) => Failure | null;
  /** Hints for clients (MCP tool annotations): what a call may change. */
  readonly annotations: ToolAnnotations;
  run(services: Services, grant: Grant, args: any): Promise<Result<unknown>>;
}

/** Reads change nothing, so any client may call them freely. */
const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const noOther = { additionalProperties: false } as const;
const KeyOnly = Type.Object({ key: Type.String({ minLength: 1, description: "The feedback's key or id." }) }, noOther);

/** The server's instructions, each line with the operation its tools need: a client is told only of the tools it may reach. */
const INSTRUCTION_LINES: readonly { readonly needs?: Operation; readonly text: string }[] = [
  {
    text: "Retour holds the user feedback of an organization's apps: problems, ideas and praise, each a feedback with a key such as DEMO-42 that groups the reports on one subject.",
  },
  {
    needs: "feedbacks.read",
    text: "Start with list_apps, then list_feedbacks (filters: status, kind, severity, appId, featureId, query, owner, tag, published, source; sort orders) and get_feedback for its reports, context and comments; list_features and get_feature read an app's feature map. Grouping merges reports on one subject in the background; list_similar_feedbacks shows likely duplicates.",
  },
  {
    needs: "feedbacks.update",
    text: "update_feedback_status moves a feedback through triage, prioritized, in_development, fixed and delivered (or dismissed); delivered tells its followers. Put the pull request, or the reason for dismissed, in comment. update_feedback sets the owner, due date, severity, kind, feature, title and tags. merge_feedbacks merges two by hand and unmerge_feedback undoes a merge. add_comment notes something on a feedback (public: its reporters see it too).",
  },
  {
    needs: "reports.create",
    text: "create_report records what a person told you, in their words; give their name and email when you relay someone, so they hear of the follow-up.",
  },
  {
    needs: "changelog.manage",
    text: "When a fix ships, publish_changelog_entry writes what shipped (Markdown) with the keys it ships: they move to delivered and their followers get one e-mail each.",
  },
  { text: "You see only the tools your person's role, or your token's scopes, allow." },
];

/** The instructions a client is given, told of what this grant may reach. */
export const instructionsFor = (reach: Grant): string =>
  INSTRUCTION_LINES.filter((line) => !line.needs || can(reach, line.needs))
    .map((line) => line.text)
    .join("\n");

export const TOOLS: readonly Tool[] = [
  {
    name: "list_apps",
    title: "List apps",
    description:
      "Lists the apps of the organization with their identifier. Use an app id to filter feedbacks, read its feature map or send a report.",
    operation: "feedbacks.read",
    input: Type.Object({}, noOther),
    output: AppList,
    invalidInput: "invalid_query",
    annotations: READS,
    run: (services, grant) => listApps(services, grant),
  },
  {
    name: "list_features",
    title: "List the feature map of an app",
    description:
      "Lists the feature map of an app (flat): each feature's id, name, path, kind (area, page, flow, component or api), severityFloor (its feedbacks are graded at least this severe), cues (words that point to it), code (its attached code files) and openFeedbacks (how many are open). Use it to find where a problem lives in the code.",
    operation: "feedbacks.read",
    input: Type.Object({ appId: Type.String({ minLength: 1, description: "App id, from list_apps." }) }, noOther),
    output: FeatureList,
    invalidInput: "invalid_query",
    annotations: READS,
    run: (services, grant, args: { appId: string }) => listFeatures(services, grant, args.appId),
  },
  {
    name: "list_feedbacks",
    title: "List feedbacks",
    description:
      "Lists feedbacks from most recently active to oldest. Filters: status (open by default; closed, all, or one status), kind (problem, idea, praise), severity (P0 to P3), appId, featureId, query (text searched in key, title, summary and reports), owner (me, none, or a member's e-mail), tag, published (on the portal or not) and source (api, form, widget, agent, slack, portal). sort: activity (default), reports (most first), severity (P0 first), votes (most first), revenue (the highest monthly spend of the companies that reported first) or due (the soonest due date first, then those without one, last active first). Page with limit (1 to 100, default 20) and the nextCursor of the previous page.",
    operation: "feedbacks.read",
    input: FeedbackListQuery,
    output: FeedbackPage,
    invalidInput: "invalid_query",
    // SPEC's table of tools names the filters in words (type, app, feature, text); the arguments mirror GET /v1/feedbacks.
    otherNames: { type: "kind", app: "appId", feature: "featureId", text: "query" },
    annotations: READS,
    run: async (services, grant, args) => {
      const listed = await listFeedbacks(services, grant, args);
      // Only an empty page is worth the look: a filter that lists something names what exists.
      if (!listed.ok || listed.value.data.length > 0) return listed;
      return (await missingFilter(services, grant, args)) ?? listed;
    },
  },
  {
    name: "get_feedback",
    title: "Read a feedback",
    description:
      "Reads one feedback by its key (for example DEMO-42): summary, observed and expected behaviour, every report, its comments, the linked tracker issue. With the full-context add-on it also gives the debugging context (fullContext: feature and code files, qualification conversation, then page, browser, console and network errors, screenshot and replay, all from one report, the latest that has any, named by fullContext.reportId); without the add-on fullContext is null and the context is absent.",
    operation: "feedbacks.read",
    input: KeyOnly,
    output: Feedback,
    invalidInput: "invalid_query",
    annotations: READS,
    run: (services, grant, args: { key: string }) => getFeedback(services, grant, args.key),
  },
  {
    name: "get_feature",
    title: "Read a feature",
    description:
      "Reads one feature of the feature map: its path, kind, severityFloor, cues, code (its attached code files) and openFeedbacks (how many are open).",
    operation: "feedbacks.read",
    input: Type.Object({ featureId: Type.String({ minLength: 1, description: "Feature id, from list_features or a feedback's feature." }) }, noOther),
    output: Feature,
    invalidInput: "invalid_query",
    annotations: READS,
    run: (services, grant, args: { featureId: string }) => getFeature(services, grant, args.featureId),
  },
  {
    name: "update_feedback_status",
    title: "Change the status of a feedback",
    description:
      "Changes a feedback's status (triage, prioritized, in_development, fixed, delivered, dismissed) with an optional comment of at most 5000 characters, for example the pull request of the fix, or the reason for dismissed. The linked tracker issue follows; delivered notifies the people who follow the feedback.",
    operation: "feedbacks.update",
    input: Type.Object(
      {
        key: Type.String({ minLength: 1, description: "The feedback's key or id." }),
        status: StatusChange.properties.status,
        comment: StatusChange.properties.comment,
      },
      noOther,
    ),
    output: Feedback,
    invalidInput: "invalid_body",
    // It replaces the status and may e-mail followers; a comment is added at each call.
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: (services, grant, args: { key: string; status: StatusChange["status"]; comment?: string }) =>
      changeStatus(services, grant, args.key, { status: args.status, ...(args.comment !== undefined && { comment: args.comment }) }),
  },
  {
    name: "update_feedback",
    title: "Triage a feedback",
    description:
      "Sets a feedback's triage fields: owner (a member's e-mail, me for your person, or null), dueAt (an ISO date, or null), severity (P0 to P3, or null), kind (problem, idea, praise), featureId (a feature of its app, or null), title, and tags (every tag it carries, replacing those it had; new names create their tags). status and comment may come with them, as update_feedback_status takes them; a comment goes with a change (to comment alone, use add_comment). Only the fields given change.",
    operation: "feedbacks.update",
    input: Type.Object({ key: Type.String({ minLength: 1, description: "The feedback's key or id." }), ...FeedbackUpdate.properties }, noOther),
    output: Feedback,
    invalidInput: "invalid_body",
    // It replaces the fields given; the same call again changes nothing more (a comment aside).
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: (services, grant, { key, ...update }: { key: string } & FeedbackUpdate) => updateFeedback(services, grant, key, update),
  },
  {
    name: "create_report",
    title: "Send a report",
    description:
      "Sends a report about an app (problem, idea or praise); appId may be left out when the organization has only one app. The service attaches it to a feature and groups it with an existing feedback on the same subject. It counts in the monthly feedback quota. Give name and email when you relay a person: they are then informed of the follow-up; without them the report is in your person's name.",
    operation: "reports.create",
    input: AgentReport,
    output: ReportResponse,
    invalidInput: "invalid_ingest",
    refusedFirst: (args) => (overLongMessage(args) ? fail("message_too_long") : null),
    // Each call records a new report.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: (services, grant, args) => createReport(services, grant, args),
  },
  {
    name: "list_similar_feedbacks",
    title: "List feedbacks similar to one",
    description:
      "Lists the open feedbacks of the same app that may tell the same thing as one feedback (alike now, or waiting with it in Possible duplicates), most alike first: each with its score (a waiting pair's is the one grouping suggested it with, as the inbox shows it), sure (grouping would merge it on its own), the words that matched, and weak where the match rests on little (only a name most feedbacks of the app use, such as the product's, or only a report form's words): check those before merging. Use it before merge_feedbacks.",
    operation: "feedbacks.read",
    input: KeyOnly,
    output: SimilarList,
    invalidInput: "invalid_query",
    annotations: READS,
    run: (services, grant, args: { key: string }) => listSimilar(services, grant, args.key),
  },
  {
    name: "merge_feedbacks",
    title: "Merge two feedbacks",
    description:
      "Merges a feedback (key) into another of the same app (into): its reports, followers and votes join it, and its key then answers with it; its status, owner, severity, tags and comments stay its own, hidden while it is merged. Reversible with unmerge_feedback.",
    operation: "feedbacks.update",
    input: Type.Object(
      { key: Type.String({ minLength: 1, description: "The feedback to merge, by key or id." }), into: MergeRequest.properties.into },
      noOther,
    ),
    output: Feedback,
    invalidInput: "invalid_body",
    // Reversible (unmerge_feedback), and a second call is refused rather than repeated.
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: (services, grant, args: { key: string; into: string }) => mergeFeedbacks(services, grant, args.key, args.into),
  },
  {
    name: "unmerge_feedback",
    title: "Undo the merge of a feedback",
    description:
      "Undoes the merge of a feedback (key): it gets back its reports, followers, status and tracker link, and the pair is not merged again by grouping.",
    operation: "feedbacks.update",
    input: KeyOnly,
    output: Feedback,
    invalidInput: "invalid_body",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: (services, grant, args: { key: string }) => unmergeFeedback(services, grant, args.key),
  },
  {
    name: "publish_changelog_entry",
    title: "Publish a changelog entry",
    description:
      "Publishes what shipped: either a new entry (title, Markdown body of at most 20000 characters, feedbacks: the keys it ships) written and published at once, or an existing draft (id), first changed by the fields given. In one commit its feedbacks move to delivered, and every person following any of them gets one e-mail about the entry, in their language.",
    operation: "changelog.manage",
    input: PublishChangelogEntry,
    output: ChangelogEntry,
    invalidInput: "invalid_body",
    // It e-mails followers and moves feedbacks; a second call with the same id is refused (changelog_published).
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    run: (services, grant, args) => publishEntry(services, grant, args),
  },
  {
    name: "add_comment",
    title: "Comment on a feedback",
    description:
      "Adds a comment (at most 5000 characters) to a feedback without changing its status: visibility internal (the default) keeps it for the team; public also shows it to the feedback's reporters.",
    operation: "feedbacks.update",
    input: AddComment,
    output: Feedback,
    invalidInput: "invalid_body",
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    run: (services, grant, args) => addComment(services, grant, args.key, args),
  },
];

const compiled = new Map(TOOLS.map((t) => [t.name, TypeCompiler.Compile(t.input)]));

/** Checks a call's arguments against the tool's input schema; a refusal names the first argument at fault. */
export function checkArguments(tool: Tool, args: unknown): Failure | null {
  if (compiled.get(tool.name)!.Check(args)) return null;
  const first = tool.refusedFirst?.(args);
  if (first) return first;
  const problem = firstProblem(tool.input, args);
  if (!problem) return fail(tool.invalidInput);
  const name =
    problem.reason === "unknown" && tool.otherNames && Object.hasOwn(tool.otherNames, problem.field) ? tool.otherNames[problem.field] : undefined;
  return invalid(tool.invalidInput, name ? { field: problem.field, reason: "misnamed", name } : problem);
}

import { Kind, type TSchema } from "@sinclair/typebox";
import type { ErrorBody, ErrorCode, Failure } from "../../../core/errors.ts";
import type { Language } from "../../../core/language.ts";
import type { MergeRefusal } from "../../../core/merges/refusal.ts";
import type { FieldProblem, Refusal } from "../../../core/schemas/field-problem.ts";
import { type Catalog, EN } from "./en.ts";
import { FR } from "./fr.ts";
import { EMAIL_PATTERN } from "../../../core/email.ts";
import { BRAND_COLOR_PATTERN, SIGN_IN_URL_PATTERN, SLUG_PATTERN } from "../../../core/schemas/portal.ts";
import { DUE_DATE_PATTERN, NO_COMMA_PATTERN } from "../../../core/schemas/triage.ts";

export const textFor = (language: Language): Catalog => (language === "fr" ? FR : EN);

type Phrases = Catalog["problems"];

/** What a schema accepts, in words: "an integer from 1 to 100", "one of open, closed". */
function expectation(schema: TSchema, words: Phrases): string {
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((s: TSchema) => s.const !== undefined)) {
    return words.oneOf(schema.anyOf.map((s: TSchema) => String(s.const)).join(", "));
  }
  // A literal alternative is said as it is written ("me or none or an e-mail address …").
  if (schema.const !== undefined) return String(schema.const);
  // Any other union, alternative by alternative: "a text matching ^#[0-9a-fA-F]{6}$ or null".
  if (Array.isArray(schema.anyOf)) return schema.anyOf.map((s: TSchema) => expectation(s, words)).join(words.or);
  switch (schema.type) {
    case "integer":
    case "number": {
      const noun = schema.type === "integer" ? words.integer : words.number;
      return typeof schema.minimum === "number" && typeof schema.maximum === "number" ? noun + words.range(schema.minimum, schema.maximum) : noun;
    }
    case "boolean":
      return words.boolean;
    case "array": {
      // An empty list refused says so: "expected a list" would leave the sender wondering.
      const min = schema.minItems ?? 0;
      if (typeof schema.maxItems === "number") return min > 0 ? words.listOf(min, schema.maxItems) : words.list + words.atMostItems(schema.maxItems);
      return min > 0 ? words.nonEmptyList : words.list;
    }
    case "object":
      return words.object;
    case "string": {
      if (schema.format === "origin") return words.origin;
      if (schema.format === "email") return words.email;
      const noun = (schema.minLength ?? 0) > 0 ? words.nonEmpty : words.text;
      const bound = typeof schema.maxLength === "number" ? words.atMost(schema.maxLength) : "";
      // Known shapes in words; any other pattern as it is (exact, and the same in every language).
      if (schema.pattern === EMAIL_PATTERN) return words.email;
      if (schema.pattern === BRAND_COLOR_PATTERN) return words.color;
      if (schema.pattern === SLUG_PATTERN) return words.slug;
      if (schema.pattern === SIGN_IN_URL_PATTERN) return words.signInUrl;
      if (schema.pattern === DUE_DATE_PATTERN) return words.date;
      const shape =
        schema.pattern === undefined
          ? ""
          : schema.pattern === "\\S"
            ? words.visible
            : schema.pattern === NO_COMMA_PATTERN
              ? words.noComma
              : words.matching(schema.pattern);
      return noun + bound + shape;
    }
    case "null":
      return "null";
    default:
      return String(schema[Kind]).toLowerCase();
  }
}

/** How many names a message lists before it counts the rest: the list stays readable, whatever the organization's size. */
const LISTED_AT_MOST = 20;

/** Names said in a message: "a, b, c", or the first 20 and how many more. */
function listed(names: readonly string[], words: Pick<Phrases, "andMore">): string {
  const shown = names.slice(0, LISTED_AT_MOST).join(", ");
  return names.length > LISTED_AT_MOST ? `${shown} ${words.andMore(names.length - LISTED_AT_MOST)}` : shown;
}

/** Refusals of settings by the service they are for, which say what it answered. */
const SERVICE_REFUSALS = ["token_refused", "project_unseen", "cannot_write"] as const;
const byService = (reason: string): reason is (typeof SERVICE_REFUSALS)[number] => (SERVICE_REFUSALS as readonly string[]).includes(reason);

function why(problem: FieldProblem, words: Phrases): string {
  switch (problem.reason) {
    case "expected":
      return words.expected(expectation(problem.schema, words));
    case "misnamed":
      return words.misnamed(problem.name);
    case "missing":
      return "beside" in problem ? words.missingBeside(problem.beside.join(", ")) : words.missing;
    case "not_member":
      return words.notMember(problem.given, listed(problem.members, words));
    case "unknown_state":
      return words.unknownState(problem.given, listed(problem.states, words));
    case "unknown_feedback":
      return problem.given ? words.unknownKey(problem.given) : words.unknown_feedback;
    default:
      return byService(problem.reason) ? words[problem.reason]("said" in problem ? (problem.said ?? "") : "") : words[problem.reason];
  }
}

const sentence = (problem: FieldProblem, words: Phrases): string => words.says(problem.field || words.body, why(problem, words));

/** The sentence that follows an error's message: "limit: expected an integer from 1 to 100." */
export const describeProblem = (problem: FieldProblem, language: Language): string => sentence(problem, textFor(language).problems);

/** A refused field said in a form's words: by the label the form gives it, or by its own name where the form has none. */
export const describeFieldProblem = (problem: FieldProblem, language: Language, labels: Readonly<Record<string, string>>): string =>
  describeProblem({ ...problem, field: Object.hasOwn(labels, problem.field) ? labels[problem.field]! : problem.field }, language);

/**
 * A name refused for characters that reorder or hide it, said in a form that puts it back without
 * them (`withoutReordering`): by the form's label, that they were removed and to send it again.
 */
export const reorderingRemoved = (language: Language, label: string): string => {
  const { problems, web } = textFor(language);
  return problems.says(label, web.common.reorderingRemoved);
};

/**
 * The `{error, code}` body of a tool call refused for its arguments: the code of its REST twin,
 * said in a tool's words ("An argument is missing or invalid. kind: expected one of …").
 */
export function argumentsBody(code: ErrorCode, language: Language, problem?: FieldProblem): ErrorBody {
  const { problems, toolArguments } = textFor(language);
  const words: Phrases = {
    ...problems,
    body: toolArguments.arguments,
    unknown: toolArguments.unknown,
    misnamed: toolArguments.misnamed,
    missingBeside: toolArguments.missingBeside,
  };
  return { error: problem ? `${toolArguments.invalid} ${sentence(problem, words)}` : toolArguments.invalid, code };
}

/**
 * The `{error, code}` body, in a language, naming the refused field when there is one. A refused
 * webhook address says first which condition failed and what was given, then the rule; refused
 * events say the events' rule alone.
 */
export function errorBody(code: ErrorCode, language: Language, problem?: FieldProblem): ErrorBody {
  const message = textFor(language).errors[code];
  if (!problem) return { error: message, code };
  const said = addressRefusal(language, { code, problem });
  if (said) return { error: `${said} ${message}`, code };
  const events = code === "invalid_webhook" && /^events(\.|$)/.test(problem.field);
  return { error: `${events ? textFor(language).eventsRefused : message} ${describeProblem(problem, language)}`, code };
}

/** Which condition a refused webhook address failed, and what was given; null for another refusal. */
export function addressRefusal(language: Language, failure: Pick<Failure, "code" | "problem">): string | null {
  const catalog = textFor(language);
  const problem = failure.problem;
  if (failure.code !== "invalid_webhook" || !problem || !(problem.reason in catalog.addressRefused)) return null;
  const refused = problem as Extract<FieldProblem, { reason: Refusal }>;
  return catalog.addressRefused[refused.reason as keyof Catalog["addressRefused"]](refused.given ?? "", refused.resolved);
}

/** Why a merge, an unmerge or a split was refused, in a language, naming the feedbacks. */
export function describeRefusal(refusal: MergeRefusal, language: Language): string {
  const words = textFor(language).refusals;
  switch (refusal.reason) {
    case "already_merged":
      return words.already_merged(refusal.feedback, refusal.holder);
    case "not_merged":
      return words.not_merged(refusal.feedback, listed(refusal.mergedHere ?? [], textFor(language).problems));
    case "merge_undone":
      return words.merge_undone(refusal.feedback, refusal.mergedAgain ?? false);
    case "unknown_feedback":
    case "same_feedback":
    case "only_report":
      return words[refusal.reason](refusal.feedback);
    case "other_app":
    case "target_merged":
    case "target_emptied":
    case "report_moved":
      return words[refusal.reason](refusal.feedback, refusal.target);
    case "reports_left":
      return words.reports_left(refusal.feedback, refusal.target, refusal.count, refusal.holders);
  }
}

/**
 * A failure's `{error, code}` body: why it was refused when the core said, or what was not found,
 * else the code's message naming the refused field.
 */
export function failureBody(failure: Failure, language: Language): ErrorBody {
  const refusedToken = textFor(language).refusedToken;
  if (failure.credentialsRefused && failure.code in refusedToken)
    return { error: refusedToken[failure.code as keyof typeof refusedToken], code: failure.code };
  if (failure.refusal) return { error: describeRefusal(failure.refusal, language), code: failure.code };
  if (failure.limit) return { error: textFor(language).limitReached[failure.limit.resource](failure.limit.max), code: failure.code };
  if (failure.missing) return { error: textFor(language).missing[failure.missing.resource](failure.missing.id), code: failure.code };
  if (failure.scope) return { error: textFor(language).scopeLacking(failure.scope), code: failure.code };
  if (failure.mayHaveOpened) return { error: textFor(language).mayHaveOpened, code: failure.code };
  if (failure.code === "invalid_sso_token" && failure.cause) return { error: textFor(language).ssoTokenRefused(failure.cause), code: failure.code };
  if (failure.unlinked) return { error: textFor(language).unlinkedIssue(namedIssue(failure.unlinked)), code: failure.code };
  return errorBody(failure.code, language, failure.problem);
}

/** An issue as a message names it: its key, and its address when the tracker gave one. */
export const namedIssue = ({ key, url }: { readonly key: string; readonly url?: string }): string => (url ? `${key} (${url})` : key);

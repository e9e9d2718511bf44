import { Kind, type TSchema } from "@sinclair/typebox";
import type { ErrorBody, ErrorCode, Language } from "../../../core/errors.ts";
import type { FieldProblem } from "../../../core/schemas/field-problem.ts";
import { type Catalog, EN } from "./en.ts";
import { FR } from "./fr.ts";

export const textFor = (language: Language): Catalog => (language === "fr" ? FR : EN);

type Phrases = Catalog["problems"];

/** What a schema accepts, in words: "an integer from 1 to 100", "one of open, closed". */
function expectation(schema: TSchema, words: Phrases): string {
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((s: TSchema) => s.const !== undefined)) {
    return words.oneOf(schema.anyOf.map((s: TSchema) => String(s.const)).join(", "));
  }
  switch (schema.type) {
    case "integer":
    case "number": {
      const noun = schema.type === "integer" ? words.integer : words.number;
      return typeof schema.minimum === "number" && typeof schema.maximum === "number" ? noun + words.range(schema.minimum, schema.maximum) : noun;
    }
    case "boolean":
      return words.boolean;
    case "array":
      return typeof schema.maxItems === "number" ? words.list + words.atMostItems(schema.maxItems) : words.list;
    case "object":
      return words.object;
    case "string": {
      const noun = (schema.minLength ?? 0) > 0 ? words.nonEmpty : words.text;
      const bound = typeof schema.maxLength === "number" ? words.atMost(schema.maxLength) : "";
      return noun + bound + (schema.pattern === "\\S" ? words.visible : "");
    }
    default:
      return String(schema[Kind]).toLowerCase();
  }
}

/** The sentence that follows an error's message: "limit: expected an integer from 1 to 100." */
export function describeProblem(problem: FieldProblem, language: Language): string {
  const words = textFor(language).problems;
  const why = problem.reason === "expected" ? words.expected(expectation(problem.schema, words)) : words[problem.reason];
  return words.says(problem.field || words.body, why);
}

/** The `{error, code}` body, in a language, naming the refused field when there is one. */
export function errorBody(code: ErrorCode, language: Language, problem?: FieldProblem): ErrorBody {
  const message = textFor(language).errors[code];
  return { error: problem ? `${message} ${describeProblem(problem, language)}` : message, code };
}

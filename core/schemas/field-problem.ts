import { Kind, type TSchema } from "@sinclair/typebox";
import { Value, ValueErrorType } from "@sinclair/typebox/value";
import type { Language } from "../errors.ts";

/** What is wrong with one field of a request, to be said in the error message. */
export type FieldProblem =
  | { readonly field: string; readonly reason: "unknown" | "missing" | "repeated" }
  | { readonly field: string; readonly reason: "expected"; readonly schema: TSchema };

/** Names a field the way a client wrote it: `user.email`, not the pointer `/user/email`. */
const fieldName = (path: string): string =>
  path
    .split("/")
    .slice(1)
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .join(".");

/** The first field of a value that a schema refuses, or null when it is accepted. */
export function firstProblem(schema: TSchema, value: unknown): FieldProblem | null {
  const [first] = Value.Errors(schema, value);
  if (!first) return null;
  const field = fieldName(first.path);
  if (first.type === ValueErrorType.ObjectAdditionalProperties) return { field, reason: "unknown" };
  if (first.type === ValueErrorType.ObjectRequiredProperty) return { field, reason: "missing" };
  return { field, reason: "expected", schema: first.schema };
}

const PHRASES = {
  en: {
    unknown: "not a known field",
    missing: "required",
    repeated: "given more than once",
    expected: (what: string) => `expected ${what}`,
    oneOf: (values: string) => `one of ${values}`,
    integer: "an integer",
    number: "a number",
    range: (min: number, max: number) => ` from ${min} to ${max}`,
    boolean: "true or false",
    list: "a list",
    object: "an object",
    text: "a text",
    nonEmpty: "a non-empty text",
    atMost: (max: number) => ` of at most ${max} characters`,
    visible: " with at least one visible character",
  },
  fr: {
    unknown: "champ inconnu",
    missing: "obligatoire",
    repeated: "donné plusieurs fois",
    expected: (what: string) => `${what} attendu`,
    oneOf: (values: string) => `l'une des valeurs ${values}`,
    integer: "un entier",
    number: "un nombre",
    range: (min: number, max: number) => ` de ${min} à ${max}`,
    boolean: "true ou false",
    list: "une liste",
    object: "un objet",
    text: "un texte",
    nonEmpty: "un texte non vide",
    atMost: (max: number) => ` d'au plus ${max} caractères`,
    visible: " avec au moins un caractère visible",
  },
} as const;

/** What a schema accepts, in words: "an integer from 1 to 100", "one of open, closed". */
function expectation(schema: TSchema, words: (typeof PHRASES)[Language]): string {
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
      return words.list;
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
  const words = PHRASES[language];
  const why = problem.reason === "expected" ? words.expected(expectation(problem.schema, words)) : words[problem.reason];
  const field = problem.field || (language === "fr" ? "corps" : "body");
  return language === "fr" ? `${field} : ${why}.` : `${field}: ${why}.`;
}

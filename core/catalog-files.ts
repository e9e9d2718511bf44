import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { FeatureDefinition } from "./schemas/catalog.ts";
import { type FieldProblem, firstProblem } from "./schemas/field-problem.ts";

/** The files an organization loads its feature map and help center from, as the CLI and the settings pages read them. */
export const FeatureFile = Type.Array(FeatureDefinition);
export type FeatureFile = Static<typeof FeatureFile>;

export const ArticleFile = Type.Array(
  Type.Object({ title: Type.String({ minLength: 1 }), url: Type.String({ pattern: "^https?://" }), body: Type.String({ minLength: 1 }) }),
);
export type ArticleFile = Static<typeof ArticleFile>;

/**
 * Parses JSON text against a file schema; a refusal names the first thing wrong as a request's
 * field is named, under `root` (`features.1.kind`), so that it is said in the API's words.
 */
export function parseFile<T extends typeof FeatureFile | typeof ArticleFile>(
  schema: T,
  text: string,
  root: string,
): { value: Static<T> } | { problem: FieldProblem } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: { field: root, reason: "not_json" } };
  }
  return checkFile(schema, parsed, root);
}

/** Checks a file's content, however it was read (JSON text, a page's table), naming the first thing wrong under `root`. */
export function checkFile<T extends typeof FeatureFile | typeof ArticleFile>(
  schema: T,
  content: unknown,
  root: string,
): { value: Static<T> } | { problem: FieldProblem } {
  if (Value.Check(schema, content)) return { value: content };
  const problem = firstProblem(schema, content)!;
  return { problem: { ...problem, field: problem.field ? `${root}.${problem.field}` : root } };
}

import { type Static, Type } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { FeatureDefinition } from "./schemas/catalog.ts";

/** The files an organization loads its feature map and help center from, as the CLI and the settings pages read them. */
export const FeatureFile = Type.Array(FeatureDefinition);
export type FeatureFile = Static<typeof FeatureFile>;

export const ArticleFile = Type.Array(
  Type.Object({ title: Type.String({ minLength: 1 }), url: Type.String({ pattern: "^https?://" }), body: Type.String({ minLength: 1 }) }),
);
export type ArticleFile = Static<typeof ArticleFile>;

/** Parses JSON text against a file schema; an error names the first thing wrong. */
export function parseFile<T extends typeof FeatureFile | typeof ArticleFile>(schema: T, text: string): { value: Static<T> } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: "not valid JSON" };
  }
  if (Value.Check(schema, parsed)) return { value: parsed };
  const first = [...Value.Errors(schema, parsed)][0];
  return { error: `${first?.path || "/"} ${first?.message ?? "does not match"}`.trim() };
}

import type { Static, TSchema } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Value } from "@sinclair/typebox/value";

export interface Validator<T extends TSchema> {
  check(value: unknown): value is Static<T>;
  /** For query strings: converts numeric and boolean text by the schema before checking. */
  convert(value: unknown): unknown;
  /** Paths of failing values, e.g. "/message". */
  failingPaths(value: unknown): string[];
}

/** Compiles a core schema once; every request is then checked by generated code. */
export function validator<T extends TSchema>(schema: T): Validator<T> {
  const compiled = TypeCompiler.Compile(schema);
  return {
    check: (value): value is Static<T> => compiled.Check(value),
    convert: (value) => Value.Convert(schema, value),
    failingPaths: (value) => [...compiled.Errors(value)].map((e) => e.path),
  };
}

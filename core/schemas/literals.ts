import { type SchemaOptions, Type } from "@sinclair/typebox";

/** A closed set of string values, documented as an enum-like union. */
export const literals = <T extends string>(values: readonly T[], options: SchemaOptions = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );

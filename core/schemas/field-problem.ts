import type { TSchema } from "@sinclair/typebox";
import { Value, ValueErrorType } from "@sinclair/typebox/value";

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

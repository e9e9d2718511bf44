import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { Type } from "@sinclair/typebox";
import { firstProblem } from "../../core/schemas/field-problem.ts";

const Report = Type.Object(
  { text: Type.String(), context: Type.Optional(Type.Object({ page: Type.String() }, { additionalProperties: false })) },
  { additionalProperties: false },
);

describe("the first problem of a body, as an error names it", () => {
  test("a required field missing names the unknown fields given beside it, perhaps in its place", () => {
    assert.deepEqual(firstProblem(Report, { comment: "Seen on Safari" }), { field: "text", reason: "missing", beside: ["comment"] });
  });

  test("a required field missing names no unknown field of another object, which cannot stand in its place", () => {
    assert.deepEqual(firstProblem(Report, { context: { page: "/cart", pgae: "/cart" } }), { field: "text", reason: "missing" });
  });
});

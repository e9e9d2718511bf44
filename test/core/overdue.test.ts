import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { isOverdue } from "../../core/triage/overdue.ts";

/** 15 December 2026 at a given UTC time, as the clock gives it. */
const on15 = (time: string) => Date.parse(`2026-12-15T${time}Z`);

describe("a feedback past its due date", () => {
  test("is late once its due day is over, by the clock given, not before", () => {
    const due = { status: "triage", dueAt: "2026-12-15T00:00:00.000Z" } as const;
    assert.deepEqual(
      [on15("00:00:00"), on15("23:59:59.999"), on15("23:59:59.999") + 1].map((now) => isOverdue(due, now)),
      [false, false, true],
    );
  });

  test("due at a time of its day is due that whole day", () => {
    assert.equal(isOverdue({ status: "prioritized", dueAt: "2026-12-15T09:30:00.000Z" }, on15("18:00:00")), false);
  });

  test("is late in every open status, and no more once delivered or dismissed", () => {
    const late = (status: "triage" | "prioritized" | "in_development" | "fixed" | "delivered" | "dismissed") =>
      isOverdue({ status, dueAt: "2026-12-01T00:00:00.000Z" }, on15("12:00:00"));
    assert.deepEqual((["triage", "prioritized", "in_development", "fixed", "delivered", "dismissed"] as const).map(late), [
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  test("one without a due date is never late", () => {
    assert.equal(isOverdue({ status: "triage" }, on15("12:00:00")), false);
  });
});

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { FeedbackRecord } from "../../core/model.ts";
import { fieldChanges } from "../../core/triage/journal.ts";

const feedback: Pick<FeedbackRecord, "title" | "kind" | "severity" | "owner" | "tags"> = {
  title: "Pay does nothing",
  kind: "problem",
  severity: "P2",
  owner: "ann@example.com",
  tags: ["billing", "mobile"],
};

describe("what a triage update changes, as the activity keeps it", () => {
  test("each field given that differs, in the triage form's order, with what it held before and after; null when empty", () => {
    assert.deepEqual(fieldChanges(feedback, { severity: "P0", owner: null, dueAt: Date.UTC(2026, 11, 3), featureId: "checkout" }), [
      { field: "owner", from: "ann@example.com", to: null },
      { field: "dueAt", from: null, to: Date.UTC(2026, 11, 3) },
      { field: "severity", from: "P2", to: "P0" },
      { field: "featureId", from: null, to: "checkout" },
    ]);
  });

  test("a field set to what it already held is no change", () => {
    assert.deepEqual(
      fieldChanges(feedback, { title: "Pay does nothing", kind: "problem", owner: "ann@example.com", tags: ["mobile", "billing"] }),
      [],
    );
  });

  test("tags are told as those put on and those taken off", () => {
    assert.deepEqual(fieldChanges(feedback, { tags: ["billing", "urgent"] }), [{ field: "tags", added: ["urgent"], removed: ["mobile"] }]);
  });
});

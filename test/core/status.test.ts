import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { countIn, isOpen, statusesOf, transition } from "../../core/feedback/status.ts";
import { STATUSES } from "../../core/schemas/feedback.ts";

const feedback = { orgId: "org", id: "f1" };

describe("feedback status machine", () => {
  test("any status may move to any other, emitting feedback.status_changed with previousStatus", () => {
    for (const from of STATUSES) {
      for (const to of STATUSES.filter((s) => s !== from && s !== "delivered")) {
        const again = !isOpen(from) && isOpen(to) ? [{ kind: "regroup_feedback", orgId: "org", feedbackId: "f1" }] : [];
        assert.deepEqual(transition(feedback, from, to), {
          changed: true,
          events: [{ type: "feedback.status_changed", previousStatus: from }],
          jobs: again,
        });
      }
    }
  });

  test("a feedback reopened (closed to open) is compared again; no other move queues a job but delivered", () => {
    for (const from of STATUSES) {
      for (const to of STATUSES.filter((s) => s !== from && s !== "delivered")) {
        const again = !isOpen(from) && isOpen(to) ? [{ kind: "regroup_feedback", orgId: "org", feedbackId: "f1" }] : [];
        assert.deepEqual(transition(feedback, from, to).jobs, again, `${from} to ${to}`);
      }
    }
    assert.deepEqual(transition(feedback, "dismissed", "triage").jobs, [{ kind: "regroup_feedback", orgId: "org", feedbackId: "f1" }]);
  });

  test("delivered also emits feedback.shipped and queues the followers' notification", () => {
    assert.deepEqual(transition(feedback, "fixed", "delivered"), {
      changed: true,
      events: [
        { type: "feedback.status_changed", previousStatus: "fixed" },
        { type: "feedback.shipped", previousStatus: "fixed" },
      ],
      jobs: [{ kind: "notify_followers", orgId: "org", feedbackId: "f1" }],
    });
  });

  test("the same status changes nothing and emits nothing", () => {
    for (const s of STATUSES) assert.deepEqual(transition(feedback, s, s), { changed: false, events: [], jobs: [] });
  });

  test("filter groups: open is triage to fixed, closed is delivered and dismissed", () => {
    assert.deepEqual(statusesOf("open"), ["triage", "prioritized", "in_development", "fixed"]);
    assert.deepEqual(statusesOf("closed"), ["delivered", "dismissed"]);
    assert.deepEqual([...statusesOf("all")].sort(), [...STATUSES].sort());
    assert.deepEqual(statusesOf("fixed"), ["fixed"]);
    assert.equal(isOpen("fixed"), true);
    assert.equal(isOpen("dismissed"), false);
  });
});

describe("severity floor", () => {
  test("a severity never goes below the feature's floor (P0 is the gravest)", async () => {
    const { withFloor } = await import("../../core/feedback/severity.ts");
    assert.equal(withFloor("P2", "P0"), "P0");
    assert.equal(withFloor("P1", "P3"), "P1");
    assert.equal(withFloor(undefined, "P1"), "P1");
    assert.equal(withFloor("P3", undefined), "P3");
  });
});

describe("counting a status filter", () => {
  test("sums the counts of the statuses it selects; a status not counted holds none", () => {
    const counts = { triage: 2, fixed: 1, delivered: 4 };
    assert.deepEqual([countIn(counts, "open"), countIn(counts, "closed"), countIn(counts, "all"), countIn(counts, "dismissed")], [3, 4, 7, 0]);
  });
});

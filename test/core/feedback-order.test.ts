import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { positionOf, sortedValue, urgencyOf } from "../../core/feedback/order.ts";
import { SEVERITIES } from "../../core/schemas/feedback.ts";
import { feedbackRecord } from "./fake-feedbacks.ts";

describe("the orders of a list, as the stores sort them", () => {
  test("severity is kept as urgency, which grows as the rank falls: P0 4, P1 3, P2 2, P3 1, none 0", () => {
    assert.deepEqual([...SEVERITIES, undefined].map(urgencyOf), [4, 3, 2, 1, 0]);
  });

  test("the value a position of the severity order stands for is the feedback's urgency, so descending is P0 first", () => {
    for (const severity of [...SEVERITIES, undefined]) {
      const feedback = feedbackRecord({ ...(severity && { severity }) });
      assert.equal(sortedValue("severity", positionOf(feedback, "severity").value), urgencyOf(severity));
    }
  });

  test("every other order sorts on the position's value itself", () => {
    const feedback = feedbackRecord({ reports: 7, votes: 3, revenue: 1200 });
    for (const order of ["activity", "reports", "votes", "revenue"] as const) {
      const { value } = positionOf(feedback, order);
      assert.equal(sortedValue(order, value), value);
    }
  });
});

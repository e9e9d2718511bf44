import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { type DueRuns, dueOrderAfter, dueOrderUpTo, duePlace } from "../../core/feedback/due-order.ts";
import { positionOf, sortedValue, top, urgencyOf } from "../../core/feedback/order.ts";
import type { FeedbackRecord } from "../../core/model.ts";
import { SEVERITIES, STATUSES } from "../../core/schemas/feedback.ts";
import type { FeedbackFilter } from "../../core/store/feedbacks.ts";
import { dueTime } from "../../core/triage/due-date.ts";
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

describe("the due order: the soonest due first, then those without a due date by last activity", () => {
  const due = (id: string, dueAt: string) => feedbackRecord({ id, dueAt: dueTime(dueAt)! });
  const undated = (id: string, lastActivityAt: number) => feedbackRecord({ id, lastActivityAt });

  test("a position holds the due date among the feedbacks due, and the last activity among those without, with the id", () => {
    assert.deepEqual(duePlace(positionOf(due("fb-1", "2026-12-15"), "due")), { run: "dated", at: { value: Date.UTC(2026, 11, 15), id: "fb-1" } });
    assert.deepEqual(duePlace(positionOf(undated("fb-2", 1_700_000_000_000), "due")), {
      run: "undated",
      at: { value: 1_700_000_000_000, id: "fb-2" },
    });
  });

  test("positions fall along the list, as every order's: the soonest due first, from the year 1000 to 9999, then those without, the most recently active first", () => {
    const inOrder = [
      due("a", "1000-01-01"),
      due("b", "1969-12-31"),
      due("c", "2026-12-15"),
      due("d", "2026-12-15T09:30:00+01:00"),
      due("e", "9999-12-31T23:59:59.999-23:59"),
      undated("f", 4_102_444_800_000),
      undated("g", Date.UTC(2026, 0, 1)),
      undated("h", 0),
    ];
    const values = inOrder.map((f) => positionOf(f, "due").value);
    assert.deepEqual(
      values,
      [...values].sort((x, y) => y - x),
    );
    assert.equal(new Set(values).size, values.length);
    assert.ok(values.every(Number.isSafeInteger));
  });

  test("the top of the list is before the soonest due date", () => {
    const place = duePlace(top("due"));
    assert.equal(place.run, "dated");
    assert.ok(place.at.value < dueTime("1000-01-01")!);
  });

  /** The store's runs, which give `rows` of each and note how they were asked. */
  function runs(rows: { dated: FeedbackRecord[]; undated: FeedbackRecord[] }) {
    const asked: unknown[] = [];
    const reader: DueRuns = {
      async dated(_orgId, filter, from, limit, back) {
        asked.push({ run: "dated", due: filter.due, from, limit, back });
        return rows.dated.slice(0, limit);
      },
      async activity(_orgId, filter, from, limit, back) {
        asked.push({ run: "undated", due: filter.due, from, limit, back });
        return rows.undated.slice(0, limit);
      },
    };
    return { reader, asked };
  }
  const all: FeedbackFilter = { statuses: STATUSES };
  const [soon, later] = [due("fb-1", "2026-12-15"), due("fb-2", "2026-12-20")];
  const [recent, older] = [undated("fb-3", 2_000), undated("fb-4", 1_000)];

  test("a page goes on from the feedbacks due to those without one, from their top; a page among those without reads only them", async () => {
    const { reader, asked } = runs({ dated: [soon, later], undated: [recent, older] });
    assert.deepEqual(await dueOrderAfter(reader, "org", all, null, 3), [soon, later, recent]);
    assert.deepEqual(asked, [
      { run: "dated", due: "set", from: null, limit: 3, back: false },
      { run: "undated", due: "none", from: null, limit: 1, back: false },
    ]);

    const next = runs({ dated: [later], undated: [recent, older] });
    await dueOrderAfter(next.reader, "org", all, positionOf(soon, "due"), 3);
    assert.deepEqual(next.asked[0], { run: "dated", due: "set", from: { value: soon.dueAt, id: "fb-1" }, limit: 3, back: false });

    const tail = runs({ dated: [soon], undated: [older] });
    assert.deepEqual(await dueOrderAfter(tail.reader, "org", all, positionOf(recent, "due"), 3), [older]);
    assert.deepEqual(tail.asked, [{ run: "undated", due: "none", from: { value: 2_000, id: "fb-3" }, limit: 3, back: false }]);
  });

  test("a full page of the feedbacks due reads none of those without", async () => {
    const { reader, asked } = runs({ dated: [soon, later], undated: [recent] });
    assert.deepEqual(await dueOrderAfter(reader, "org", all, null, 2), [soon, later]);
    assert.equal(asked.length, 1);
  });

  test("read back, the list goes from those without a due date to the feedbacks due, from their bottom; from one due, it reads only those due", async () => {
    const { reader, asked } = runs({ dated: [later, soon], undated: [older, recent] });
    assert.deepEqual(await dueOrderUpTo(reader, "org", all, positionOf(older, "due"), 3), [older, recent, later]);
    assert.deepEqual(asked, [
      { run: "undated", due: "none", from: { value: 1_000, id: "fb-4" }, limit: 3, back: true },
      { run: "dated", due: "set", from: null, limit: 1, back: true },
    ]);

    const dated = runs({ dated: [later, soon], undated: [older] });
    assert.deepEqual(await dueOrderUpTo(dated.reader, "org", all, positionOf(later, "due"), 3), [later, soon]);
    assert.deepEqual(dated.asked, [{ run: "dated", due: "set", from: { value: later.dueAt, id: "fb-2" }, limit: 3, back: true }]);
  });

  test("a due date filter reads its run alone: with a due date, or one before a day, the feedbacks due; without, the others", async () => {
    for (const kept of ["set", { before: 5 }] as const) {
      const { reader, asked } = runs({ dated: [soon], undated: [recent] });
      assert.deepEqual(await dueOrderAfter(reader, "org", { ...all, due: kept }, null, 5), [soon]);
      assert.deepEqual(asked, [{ run: "dated", due: kept, from: null, limit: 5, back: false }]);
    }
    const { reader, asked } = runs({ dated: [soon], undated: [recent] });
    assert.deepEqual(await dueOrderAfter(reader, "org", { ...all, due: "none" }, null, 5), [recent]);
    assert.deepEqual(await dueOrderUpTo(reader, "org", { ...all, due: "none" }, positionOf(recent, "due"), 5), [recent]);
    assert.deepEqual(
      asked.map((a) => (a as { run: string }).run),
      ["undated", "undated"],
    );
  });
});

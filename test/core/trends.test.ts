import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { DAY_MS, periodOf, trendsOf } from "../../core/trends/trends.ts";
import { NOW } from "./fake-organization.ts";

const period = periodOf(NOW, 30);
const day = (daysAgo: number) => period.starts.at(-1 - daysAgo)!;

describe("trends", () => {
  test("a period is whole UTC days ending with today, oldest first", () => {
    assert.equal(period.starts.length, 30);
    assert.equal(new Date(period.starts.at(-1)!).toISOString(), "2026-11-23T00:00:00.000Z");
    assert.equal(period.from, day(29));
    assert.equal(period.to, day(0) + DAY_MS);
  });

  test("reports per day by kind and by feature, most reports first; days without reports count zero", () => {
    const trends = trendsOf(
      "app",
      period.starts,
      [
        { day: day(0), kind: "problem", featureId: "pay", count: 3 },
        { day: day(0), kind: "idea", featureId: null, count: 1 },
        { day: day(2), kind: "problem", featureId: "pay", count: 1 },
        { day: day(2), kind: "praise", featureId: "search", count: 2 },
      ],
      [
        { id: "pay", path: "checkout/payment" },
        { id: "search", path: "search" },
      ],
    );
    assert.deepEqual(trends.dates.slice(-3), ["2026-11-21", "2026-11-22", "2026-11-23"]);
    assert.deepEqual(trends.byKind.problem.slice(-3), [1, 0, 3]);
    assert.deepEqual(trends.byKind.idea.slice(-3), [0, 0, 1]);
    assert.deepEqual(trends.byKind.praise.slice(-3), [2, 0, 0]);
    assert.equal(trends.byKind.problem.length, 30);
    assert.deepEqual(
      trends.byFeature.map((f) => [f.feature?.path ?? null, f.total]),
      [
        ["checkout/payment", 4],
        ["search", 2],
        [null, 1],
      ],
    );
  });

  test("growing features: the last 7 days against the 7 before, fastest growth first; shrinking ones are left out", () => {
    const trends = trendsOf(
      "app",
      period.starts,
      [
        { day: day(1), kind: "problem", featureId: "pay", count: 5 },
        { day: day(9), kind: "problem", featureId: "pay", count: 1 },
        { day: day(3), kind: "problem", featureId: "search", count: 2 },
        { day: day(10), kind: "problem", featureId: "export", count: 4 },
        { day: day(2), kind: "problem", featureId: "export", count: 1 },
      ],
      [
        { id: "pay", path: "checkout/payment" },
        { id: "search", path: "search" },
        { id: "export", path: "export" },
      ],
    );
    assert.deepEqual(trends.growing, [
      { feature: { id: "pay", path: "checkout/payment" }, thisWeek: 5, lastWeek: 1 },
      { feature: { id: "search", path: "search" }, thisWeek: 2, lastWeek: 0 },
    ]);
  });
});

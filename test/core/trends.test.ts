import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { getOrganizationTrends } from "../../core/trends/get-organization-trends.ts";
import { DAY_MS, periodOf, type ReportCount, trendsOf } from "../../core/trends/trends.ts";
import { NOW, tokenGrant } from "./fake-organization.ts";

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
      period.starts,
      [
        { day: day(0), kind: "problem", featureId: "pay", count: 3 },
        { day: day(0), kind: "idea", featureId: null, count: 1 },
        { day: day(2), kind: "problem", featureId: "pay", count: 1 },
        { day: day(2), kind: "praise", featureId: "search", count: 2 },
      ],
      [
        { id: "pay", path: "checkout/payment", name: "Payment" },
        { id: "search", path: "search", name: "Search" },
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
      period.starts,
      [
        { day: day(1), kind: "problem", featureId: "pay", count: 5 },
        { day: day(9), kind: "problem", featureId: "pay", count: 1 },
        { day: day(3), kind: "problem", featureId: "search", count: 2 },
        { day: day(10), kind: "problem", featureId: "export", count: 4 },
        { day: day(2), kind: "problem", featureId: "export", count: 1 },
      ],
      [
        { id: "pay", path: "checkout/payment", name: "Payment" },
        { id: "search", path: "search", name: "Search" },
        { id: "export", path: "export", name: "Export" },
      ],
    );
    assert.deepEqual(trends.growing, [
      { feature: { id: "pay", path: "checkout/payment", name: "Payment" }, thisWeek: 5, lastWeek: 1 },
      { feature: { id: "search", path: "search", name: "Search" }, thisWeek: 2, lastWeek: 0 },
    ]);
  });
});

describe("trends of all apps", () => {
  /** Two apps of the organization, each with a feature called "checkout", and an app of another organization. */
  const apps = [
    { id: "web", orgId: "org", name: "Web shop", kind: "web" as const },
    { id: "ios", orgId: "org", name: "iOS app", kind: "ios" as const },
    { id: "elsewhere", orgId: "other-org", name: "Not ours", kind: "web" as const },
  ];
  const features: Record<string, { id: string; path: string; name: string }[]> = {
    web: [{ id: "web-checkout", path: "checkout", name: "Checkout" }],
    ios: [{ id: "ios-checkout", path: "checkout", name: "Checkout" }],
    elsewhere: [],
  };
  const counts: Record<string, ReportCount[]> = {
    web: [
      { day: day(0), kind: "problem", featureId: "web-checkout", count: 2 },
      { day: day(1), kind: "idea", featureId: null, count: 1 },
    ],
    ios: [
      { day: day(0), kind: "problem", featureId: "ios-checkout", count: 3 },
      { day: day(1), kind: "idea", featureId: null, count: 4 },
    ],
    elsewhere: [{ day: day(0), kind: "problem", featureId: null, count: 50 }],
  };
  const services = {
    clock: () => NOW,
    store: {
      listApps: async (orgId: string) => apps.filter((a) => a.orgId === orgId),
      listFeatures: async (orgId: string, appId: string) => features[appId]!.map((f) => ({ ...f, orgId, appId, openFeedbacks: 0 })),
      countReportsByDay: async (orgId: string, appId: string) => (apps.find((a) => a.id === appId)?.orgId === orgId ? counts[appId]! : []),
    },
  };
  const reader = { ...tokenGrant("reader", ["feedbacks:read"]), orgId: "org" };

  test("adds up every app of the organization day by day and kind by kind, and no other organization's", async () => {
    const trends = await getOrganizationTrends(services, reader, {});
    assert.ok(trends.ok);
    assert.deepEqual(trends.value.byKind.problem.slice(-2), [0, 5]);
    assert.deepEqual(trends.value.byKind.idea.slice(-2), [5, 0]);
    assert.equal(trends.value.days, 30);
  });

  test("a feature says its app, so two apps' features of one name stay apart; reports without a feature are counted together", async () => {
    const trends = await getOrganizationTrends(services, reader, { days: "90" });
    assert.ok(trends.ok);
    assert.deepEqual(
      trends.value.byFeature.map((f) => [f.feature && `${f.feature.app} ${f.feature.path}`, f.total]),
      [
        [null, 5],
        ["iOS app checkout", 3],
        ["Web shop checkout", 2],
      ],
    );
    assert.deepEqual(
      trends.value.growing.map((g) => g.feature),
      [
        { id: "ios-checkout", path: "checkout", name: "Checkout", app: "iOS app" },
        { id: "web-checkout", path: "checkout", name: "Checkout", app: "Web shop" },
      ],
    );
  });
});

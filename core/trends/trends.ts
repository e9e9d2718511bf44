import { KINDS, type Kind } from "../schemas/feedback.ts";
import type { Trends } from "../schemas/trends.ts";

export const DAY_MS = 86_400_000;
/** How many features the growth list names. */
const GROWING = 5;

/** Reports counted for one day, one kind and one feature (null: the feedback has none). */
export interface ReportCount {
  /** The start of the UTC day, epoch milliseconds. */
  readonly day: number;
  readonly kind: Kind;
  readonly featureId: string | null;
  readonly count: number;
}

/** The days a period covers, oldest first: `days` UTC days ending with the one holding `now`. */
export function periodOf(now: number, days: number): { readonly from: number; readonly to: number; readonly starts: number[] } {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const starts = Array.from({ length: days }, (_, i) => today - (days - 1 - i) * DAY_MS);
  return { from: starts[0]!, to: today + DAY_MS, starts };
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** A feature as trends name it: its id, path and name, and what else the caller names it by (its app, among several). */
interface FeatureName {
  readonly id: string;
  readonly path: string;
  readonly name: string;
}

/** Trends of one app or of several, the features named as given (TrendFigures<{id, path, name}> is an app's Trends but its id). */
export type TrendFigures<F extends FeatureName> = Omit<Trends, "appId" | "byFeature" | "growing"> & {
  readonly byFeature: Array<{ feature: F | null; total: number; perDay: number[] }>;
  readonly growing: Array<{ feature: F; thisWeek: number; lastWeek: number }>;
};

/**
 * Trends from counted reports: per day by kind, per day by feature (most reports first), and the
 * features whose last 7 days grew most against the 7 days before. `features` name the features
 * the counts may hold (those of one app, or of every app of an organization: ids are unique).
 */
export function trendsOf<F extends FeatureName>(starts: readonly number[], counts: readonly ReportCount[], features: readonly F[]): TrendFigures<F> {
  const index = new Map(starts.map((day, i) => [day, i]));
  const zeros = () => starts.map(() => 0);
  const byKind = Object.fromEntries(KINDS.map((k) => [k, zeros()])) as Record<Kind, number[]>;
  const byFeature = new Map<string | null, number[]>();
  for (const c of counts) {
    const i = index.get(c.day);
    if (i === undefined) continue;
    byKind[c.kind][i]! += c.count;
    const series = byFeature.get(c.featureId) ?? zeros();
    series[i]! += c.count;
    byFeature.set(c.featureId, series);
  }
  const named = new Map(features.map((f) => [f.id, f]));
  const perFeature = [...byFeature]
    .map(([id, perDay]) => ({ feature: (id !== null && named.get(id)) || null, total: sum(perDay), perDay }))
    .sort((a, b) => b.total - a.total || (a.feature?.path ?? "~").localeCompare(b.feature?.path ?? "~"));
  const growing = perFeature
    .flatMap(({ feature, perDay }) => (feature ? [{ feature, thisWeek: sum(perDay.slice(-7)), lastWeek: sum(perDay.slice(-14, -7)) }] : []))
    .filter((g) => g.thisWeek > g.lastWeek)
    .sort((a, b) => b.thisWeek - b.lastWeek - (a.thisWeek - a.lastWeek) || b.thisWeek - a.thisWeek)
    .slice(0, GROWING);
  return {
    days: starts.length,
    dates: starts.map((day) => new Date(day).toISOString().slice(0, 10)),
    byKind,
    byFeature: perFeature,
    growing,
  };
}

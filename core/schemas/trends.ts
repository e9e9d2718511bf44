import { Type, type Static } from "@sinclair/typebox";

export const TREND_PERIODS = ["30", "90"] as const;

export const TrendsQuery = Type.Object(
  {
    days: Type.Optional(
      Type.Union(
        TREND_PERIODS.map((p) => Type.Literal(p)),
        { description: "The period, in days ending today (UTC): 30 (default) or 90." },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TrendsQuery = Static<typeof TrendsQuery>;

const FeatureRef = Type.Object({
  id: Type.String(),
  path: Type.String(),
  name: Type.String({ description: "The name people know it by, as the feature map gives it." }),
});
const Series = Type.Array(Type.Integer({ minimum: 0 }), { description: "One count per day, aligned with dates." });

export const Trends = Type.Object(
  {
    appId: Type.String(),
    days: Type.Integer({ description: "How many days the series cover." }),
    dates: Type.Array(Type.String({ format: "date" }), { description: "The days, oldest first (UTC)." }),
    byKind: Type.Object(
      { problem: Series, idea: Series, praise: Series },
      { description: "Reports received per day, by the kind of their feedback." },
    ),
    byFeature: Type.Array(
      Type.Object({
        feature: Type.Union([FeatureRef, Type.Null()], { description: "Null for reports whose feedback has no feature." }),
        total: Type.Integer({ minimum: 0 }),
        perDay: Series,
      }),
      { description: "Reports per day for each feature that received some, most reports first." },
    ),
    growing: Type.Array(Type.Object({ feature: FeatureRef, thisWeek: Type.Integer({ minimum: 0 }), lastWeek: Type.Integer({ minimum: 0 }) }), {
      description: "The features whose reports grew most in the last 7 days against the 7 before, fastest first.",
    }),
  },
  { $id: "Trends" },
);
export type Trends = Static<typeof Trends>;

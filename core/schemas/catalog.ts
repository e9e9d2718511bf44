import { Type, type Static } from "@sinclair/typebox";
import { literals } from "./literals.ts";
import { SeveritySchema } from "./feedback.ts";

export const APP_KINDS = ["web", "ios", "android", "desktop", "api", "other"] as const;
const FEATURE_KINDS = ["area", "page", "flow", "component", "api"] as const;

export const App = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: literals(APP_KINDS),
    description: Type.Optional(Type.String()),
    version: Type.Optional(Type.String()),
  },
  { $id: "App" },
);
export type App = Static<typeof App>;

export const CodeFile = Type.Object({
  path: Type.String(),
  url: Type.Optional(Type.String()),
  symbol: Type.Optional(Type.String()),
});
export type CodeFile = Static<typeof CodeFile>;

export const Feature = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    path: Type.String({ description: "Path in the map." }),
    kind: Type.Optional(literals(FEATURE_KINDS)),
    severityFloor: Type.Optional(SeveritySchema),
    cues: Type.Optional(Type.Array(Type.String())),
    code: Type.Optional(Type.Array(CodeFile)),
    openFeedbacks: Type.Integer({ description: "Number of open feedbacks on the feature." }),
  },
  { $id: "Feature" },
);
export type Feature = Static<typeof Feature>;

export const AppList = Type.Object({ data: Type.Array(App) }, { $id: "AppList" });
export const FeatureList = Type.Object({ data: Type.Array(Feature) }, { $id: "FeatureList" });

/**
 * One entry of a feature-map import file: a Feature, whose computed count may come with it (a map
 * read from the API, given back to another app) and is not kept.
 */
export const FeatureDefinition = Type.Object(
  {
    id: Type.Optional(Type.String()),
    name: Type.String({ minLength: 1 }),
    path: Type.String({ minLength: 1 }),
    kind: Type.Optional(literals(FEATURE_KINDS)),
    severityFloor: Type.Optional(SeveritySchema),
    cues: Type.Optional(Type.Array(Type.String())),
    code: Type.Optional(Type.Array(CodeFile)),
    openFeedbacks: Type.Optional(Type.Integer()),
  },
  // A field the map does not know is refused, as a request body's is, rather than stored unread.
  { additionalProperties: false },
);
export type FeatureDefinition = Static<typeof FeatureDefinition>;

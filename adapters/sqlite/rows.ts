import type { AppRecord, Channel, FeatureRecord, FeedbackRecord, Organization, ReportRecord } from "../../core/model.ts";
import type { GroupingMode } from "../../core/grouping/decision.ts";

/** Row shapes as SQLite returns them, and their mapping to the core's records. */

type Nullable<T> = { [K in keyof T]: T[K] | null };

/** Drops null columns, so optional fields are absent rather than null. */
function present<T extends object>(row: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)) as never;
}

/**
 * A feedback row names its organization and app by their numbers (migration 28), never given
 * twice: these SQL expressions go from an id to its number and back.
 */
export const orgNumberOf = (id: string): string => `(SELECT number FROM organizations WHERE id = ${id})`;
export const appNumberOf = (id: string): string => `(SELECT number FROM apps WHERE id = ${id})`;
export const orgIdOf = (number: string): string => `(SELECT id FROM organizations WHERE number = ${number})`;
export const appIdOf = (number: string): string => `(SELECT id FROM apps WHERE number = ${number})`;

/** The columns of feedback row `f` as FeedbackRow reads them, its organization's and app's ids with them. */
export const FEEDBACK_COLUMNS = `f.*, ${orgIdOf("f.org_number")} AS org_id, ${appIdOf("f.app_number")} AS app_id`;

export interface OrganizationRow {
  id: string;
  name: string;
  key_prefix: string;
  plan: string;
  quota_override: number | null;
}
export const toOrganization = (r: OrganizationRow): Organization => ({
  id: r.id,
  name: r.name,
  keyPrefix: r.key_prefix,
  plan: r.plan as Organization["plan"],
  quotaOverride: r.quota_override,
});

export type AppRow = Nullable<Pick<AppRecord, "description" | "version">> &
  Pick<AppRecord, "id" | "name" | "kind"> & { org_id: string; browser: string | null; grouping_mode: GroupingMode | null; number: number };
/** The app's number is the store's own (the inbox's index by app holds it), not a field. */
export const toApp = ({ org_id, browser, grouping_mode, number: _, ...r }: AppRow): AppRecord => ({
  ...present(r),
  orgId: org_id,
  ...(browser !== null && { browser: JSON.parse(browser) }),
  ...(grouping_mode !== null && { groupingMode: grouping_mode }),
});

export interface ChannelRow {
  id: string;
  org_id: string;
  app_id: string;
  kind: string;
  key: string;
  active: number;
}
export const toChannel = (r: ChannelRow): Channel => ({
  id: r.id,
  orgId: r.org_id,
  appId: r.app_id,
  kind: r.kind as Channel["kind"],
  key: r.key,
  active: r.active === 1,
});

export interface FeatureRow {
  id: string;
  org_id: string;
  app_id: string;
  name: string;
  path: string;
  kind: string | null;
  severity_floor: string | null;
  cues: string | null;
  code: string | null;
}
export const toFeature = (r: FeatureRow): FeatureRecord => ({
  id: r.id,
  orgId: r.org_id,
  appId: r.app_id,
  name: r.name,
  path: r.path,
  ...(r.kind && { kind: r.kind as FeatureRecord["kind"] }),
  ...(r.severity_floor && { severityFloor: r.severity_floor as FeatureRecord["severityFloor"] }),
  ...(r.cues && { cues: JSON.parse(r.cues) }),
  ...(r.code && { code: JSON.parse(r.code) }),
});

/** A feedback's row as FEEDBACK_COLUMNS reads it, with its organization's and app's ids. */
export interface FeedbackRow {
  id: string;
  org_id: string;
  app_id: string;
  key: string;
  title: string;
  kind: string;
  status: string;
  severity: string | null;
  feature_id: string | null;
  nature: string | null;
  summary: string | null;
  observed: string | null;
  expected: string | null;
  due_at: number | null;
  owner: string | null;
  tracker: string | null;
  diagnostic: string | null;
  reports: number;
  created_at: number;
  last_activity_at: number;
  merged_into: string | null;
  votes: number;
  tags: string | null;
  revenue: number;
}
export function toFeedback(r: FeedbackRow): FeedbackRecord {
  const optional = present({
    severity: r.severity as FeedbackRecord["severity"] | null,
    featureId: r.feature_id,
    nature: r.nature,
    summary: r.summary,
    observed: r.observed,
    expected: r.expected,
    dueAt: r.due_at,
    owner: r.owner,
    mergedInto: r.merged_into,
  });
  return {
    id: r.id,
    orgId: r.org_id,
    appId: r.app_id,
    key: r.key,
    title: r.title,
    kind: r.kind as FeedbackRecord["kind"],
    status: r.status as FeedbackRecord["status"],
    ...optional,
    ...(r.tracker && { tracker: JSON.parse(r.tracker) }),
    ...(r.diagnostic && { diagnostic: JSON.parse(r.diagnostic) }),
    ...(r.tags && { tags: JSON.parse(r.tags) }),
    ...(r.revenue > 0 && { revenue: r.revenue }),
    reports: r.reports,
    ...(r.votes > 0 && { votes: r.votes }),
    createdAt: r.created_at,
    lastActivityAt: r.last_activity_at,
  };
}

/** A report's row, with its feedback's id, organization and app (REPORT_COLUMNS). */
export interface ReportRow {
  id: string;
  feedback_id: string;
  org_id: string;
  app_id: string;
  source: string;
  body: string;
  language: string;
  conversation: string;
  /** Null when the tracking id is the report's own id, as it is for every report stored by this release and later. */
  status_id: string | null;
  at: number;
}
/** A report's columns, with its feedback's id, organization and app: `FROM reports r JOIN feedbacks f ON f.ref = r.feedback_ref`. */
export const REPORT_COLUMNS = `r.id, f.id AS feedback_id, ${orgIdOf("f.org_number")} AS org_id, ${appIdOf("f.app_number")} AS app_id, r.source, r.body, r.language, r.conversation, r.status_id, r.at`;
export const toReport = (r: ReportRow): ReportRecord => ({
  id: r.id,
  feedbackId: r.feedback_id,
  orgId: r.org_id,
  appId: r.app_id,
  source: r.source as ReportRecord["source"],
  report: JSON.parse(r.body),
  language: r.language as ReportRecord["language"],
  conversation: JSON.parse(r.conversation),
  statusId: r.status_id ?? r.id,
  at: r.at,
});

/**
 * A report's tracking-token hash is stored as bytes when it is hex (a SHA-256 takes 32 bytes, not
 * 64 characters), as given otherwise; TOKEN_HASH_HEX reads it back as given.
 */
export const tokenHashValue = (hash: string): Uint8Array | string => (/^(?:[0-9a-f]{2})+$/.test(hash) ? Buffer.from(hash, "hex") : hash);
export const TOKEN_HASH_HEX = "CASE typeof(status_token_hash) WHEN 'blob' THEN lower(hex(status_token_hash)) ELSE status_token_hash END";

/**
 * The store's number of the feedback whose id is the SQL expression `id` (a parameter): tables that
 * name a feedback by it rather than by its id (reports, search words, grouping documents) take less room.
 */
export const refOf = (id: string): string => `(SELECT ref FROM feedbacks WHERE id = ${id})`;

/** `?, ?, …` for a list of n bound parameters. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => "?").join(", ");

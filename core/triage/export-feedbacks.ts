import { Type, type Static } from "@sinclair/typebox";
import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { keepsNothing, type ListFilterDeps, type ListQuery, listFilter } from "../feedback/list-filter.ts";
import { positionOf } from "../feedback/order.ts";
import { type SummariesDeps, summaries } from "../feedback/summaries.ts";
import type { Grant } from "../model.ts";
import { FeedbackListQuery, type FeedbackSummary } from "../schemas/feedback.ts";
import { literals } from "../schemas/literals.ts";
import type { FeedbackStore, ListPosition } from "../store/feedbacks.ts";

const EXPORT_FORMATS = ["csv", "jsonl"] as const;

const { limit: _limit, cursor: _cursor, ...LIST_FILTERS } = FeedbackListQuery.properties;

/** GET /v1/feedbacks/export: the list's filters and order, without paging, and the format. */
export const ExportQuery = Type.Object({ ...LIST_FILTERS, format: Type.Optional(literals(EXPORT_FORMATS)) }, { additionalProperties: false });
export type ExportQuery = Static<typeof ExportQuery>;

/** The columns of a CSV export, in order: its header row. */
export const EXPORT_COLUMNS = [
  "key",
  "title",
  "kind",
  "status",
  "severity",
  "app",
  "feature",
  "reports",
  "votes",
  "owner",
  "tags",
  "createdAt",
  "lastActivityAt",
  "url",
] as const;
type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string | number>;

/** A feedback as a CSV row: the app by name, the feature by path, the tags joined (a tag's name has no comma). */
export function exportRow(f: FeedbackSummary): ExportRow {
  return {
    key: f.key,
    title: f.title,
    kind: f.kind,
    status: f.status,
    severity: f.severity ?? "",
    app: f.app.name ?? f.app.id,
    feature: f.feature?.path ?? "",
    reports: f.reports,
    // Votes arrive with the public portal; a feedback without them has none.
    votes: (f as { votes?: number }).votes ?? 0,
    owner: f.owner ?? "",
    tags: (f.tags ?? []).join(", "),
    createdAt: f.createdAt,
    lastActivityAt: f.lastActivityAt,
    url: f.url,
  };
}

/** How many feedbacks one read of the store brings: the memory an export holds at once. */
export const EXPORT_PAGE_SIZE = 500;

type ExportDeps = SummariesDeps & ListFilterDeps & { readonly store: SummariesDeps["store"] & Pick<FeedbackStore, "listFeedbacks"> };

/**
 * Every feedback the list's filters keep (the API's, or the inbox's with its filter by due date),
 * in its order, page after page from a keyset position over the store: the export holds one page
 * at a time, whatever the number of feedbacks; a cursor is no part of it.
 */
export async function exportFeedbacks(deps: ExportDeps, grant: Grant, query: ListQuery): Promise<Result<AsyncIterable<FeedbackSummary[]>>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const filtered = await listFilter(deps, grant, query);
  if (!filtered.ok) return filtered;
  const filter = filtered.value;
  const order = query.sort ?? "activity";
  async function* pages(): AsyncGenerator<FeedbackSummary[]> {
    if (keepsNothing(query, filter)) return;
    let after: ListPosition | null = null;
    for (;;) {
      const page = await deps.store.listFeedbacks(grant.orgId, filter, after, EXPORT_PAGE_SIZE, order);
      if (page.length > 0) yield await summaries(deps, grant.orgId, page);
      if (page.length < EXPORT_PAGE_SIZE) return;
      after = positionOf(page.at(-1)!, order);
    }
  }
  return ok(pages());
}

import { Elysia } from "elysia";
import { stringify } from "csv-stringify/sync";
import type { Services } from "../../../core/services.ts";
import { BulkRequest, BulkResults, TagList } from "../../../core/schemas/triage.ts";
import { bulkUpdate } from "../../../core/triage/bulk-update.ts";
import { EXPORT_COLUMNS, ExportQuery, exportFeedbacks, exportRow } from "../../../core/triage/export-feedbacks.ts";
import type { FeedbackSummary } from "../../../core/schemas/feedback.ts";
import { listTags } from "../../../core/triage/list-tags.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { json } from "../reply.ts";
import { validator } from "../validate.ts";
import { singleValued } from "./feedbacks.ts";

const AUTH_ERRORS = ["unauthorized", "invalid_token", "insufficient_scope", "rate_limited"] as const;
const exportQuery = validator(ExportQuery);

/** RFC 4180: CRLF after each record, fields quoted when they must be. */
const csv = (rows: FeedbackSummary[], header: boolean) =>
  stringify(rows.map(exportRow), { header, columns: [...EXPORT_COLUMNS], record_delimiter: "windows" });

/** Each format: its content type, what the file starts with, and a page of feedbacks as text. */
const FORMATS = {
  csv: { type: "text/csv; charset=utf-8", start: csv([], true), encode: (page: FeedbackSummary[]) => csv(page, false) },
  jsonl: {
    type: "application/x-ndjson; charset=utf-8",
    start: "",
    encode: (page: FeedbackSummary[]) => page.map((f) => `${JSON.stringify(f)}\n`).join(""),
  },
} as const;

/**
 * A stream that reads the next page only when the client has taken the previous one: the export
 * holds one page at a time, whatever the number of feedbacks.
 */
function streamed(pages: AsyncIterable<FeedbackSummary[]>, format: keyof typeof FORMATS): ReadableStream<Uint8Array> {
  const iterator = pages[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      // A CSV export of nothing is still its header row.
      if (FORMATS[format].start) controller.enqueue(encoder.encode(FORMATS[format].start));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(FORMATS[format].encode(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** Triage beyond one feedback: the organization's tags, bulk changes, and exports. Beyond the specification. */
export function triageRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/triage" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .get(
      "/v1/tags",
      async ({ grant, refuse }) => {
        const listed = await listTags(services, grant);
        return listed.ok ? json(listed.value) : refuse(listed);
      },
      {
        operation: "feedbacks.read",
        detail: operation({
          summary: "List tags",
          description: "The organization's tags, by name; a tag is created the first time a feedback carries it. Beyond the specification.",
          tags: ["Feedbacks"],
          responses: { 200: { description: "The tags.", schema: TagList } },
          errors: [...AUTH_ERRORS],
        }),
      },
    )
    .post(
      "/v1/feedbacks/bulk",
      async ({ grant, body, refuse }) => {
        const done = await bulkUpdate(services, grant, body);
        return done.ok ? json(done.value) : refuse(done);
      },
      {
        operation: "feedbacks.update",
        ...jsonBody(BulkRequest, "invalid_body"),
        detail: operation({
          summary: "Change many feedbacks at once",
          description:
            "The same change (status with a comment, owner, tags added or removed) to up to 100 feedbacks, each through its own update with its own events; a feedback that cannot be changed says why in its result and leaves the others changed. Beyond the specification.",
          tags: ["Feedbacks"],
          body: BulkRequest,
          responses: { 200: { description: "One result per key, in the order given.", schema: BulkResults } },
          errors: ["invalid_json", "invalid_body", ...AUTH_ERRORS, "forbidden"],
        }),
      },
    )
    .get(
      "/v1/feedbacks/export",
      async ({ request, grant, refuse }) => {
        const query = singleValued(new URL(request.url).searchParams);
        if (!query.ok) return refuse(query);
        if (!exportQuery.check(query.value)) return refuse(exportQuery.refuse("invalid_query", query.value));
        const exported = await exportFeedbacks(services, grant, query.value);
        if (!exported.ok) return refuse(exported);
        const format = query.value.format ?? "csv";
        return new Response(streamed(exported.value, format), {
          headers: {
            "content-type": FORMATS[format].type,
            "content-disposition": `attachment; filename="feedbacks.${format}"`,
            "cache-control": "no-store",
          },
        });
      },
      {
        operation: "feedbacks.read",
        detail: operation({
          summary: "Export feedbacks",
          description:
            "Every feedback the list's filters keep, in the list's order, without paging, streamed: CSV (RFC 4180, with a header row key, title, kind, status, severity, app, feature, reports, votes, owner, tags, createdAt, lastActivityAt, url) or JSON Lines (one FeedbackSummary a line). Beyond the specification.",
          tags: ["Feedbacks"],
          query: ExportQuery,
          responses: { 200: { description: "The file, text/csv or application/x-ndjson." } },
          errors: ["invalid_query", ...AUTH_ERRORS],
        }),
      },
    );
}

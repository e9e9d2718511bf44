import { Elysia } from "elysia";
import type { Services } from "../../../core/services.ts";
import { BulkRequest, BulkResults, TagList } from "../../../core/schemas/triage.ts";
import { bulkUpdate } from "../../../core/triage/bulk-update.ts";
import { ExportQuery, exportFeedbacks } from "../../../core/triage/export-feedbacks.ts";
import { listTags } from "../../../core/triage/list-tags.ts";
import { spendExport } from "../../../core/triage/spend-export.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { json } from "../reply.ts";
import { validator } from "../validate.ts";
import { exportResponse } from "../export-file.ts";
import { singleValued } from "./feedbacks.ts";

const exportQuery = validator(ExportQuery);

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
            "The same change (status with a comment, owner, due date, tags added or removed) to up to 100 feedbacks, each through its own update with its own events; a feedback that cannot be changed says why in its result and leaves the others changed; a tag added that the organization may not create (new past its 500 tags) refuses the whole request, 409 limit_reached. Beyond the specification.",
          tags: ["Feedbacks"],
          body: BulkRequest,
          responses: { 200: { description: "One result per key, in the order given.", schema: BulkResults } },
          errors: ["invalid_json", "invalid_body", "limit_reached"],
        }),
      },
    )
    .get(
      "/v1/feedbacks/export",
      async ({ request, grant, refuse }) => {
        const query = singleValued(new URL(request.url).searchParams);
        if (!query.ok) return refuse(query);
        const converted = exportQuery.fromQuery(query.value);
        if (!exportQuery.check(converted)) return refuse(exportQuery.refuse("invalid_query", converted));
        const spent = await spendExport(services, grant);
        if (!spent.ok) return refuse(spent);
        const exported = await exportFeedbacks(services, grant, converted);
        if (!exported.ok) return refuse(exported);
        return exportResponse(exported.value, converted.format ?? "csv", services.clock());
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
          errors: ["invalid_query"],
        }),
      },
    );
}

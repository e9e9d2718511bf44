import { Elysia } from "elysia";
import { createEntry } from "../../../core/changelog/create-entry.ts";
import { deleteEntry } from "../../../core/changelog/delete-entry.ts";
import { getEntry } from "../../../core/changelog/get-entry.ts";
import { listEntries } from "../../../core/changelog/list-entries.ts";
import { publishEntry } from "../../../core/changelog/publish-entry.ts";
import { updateEntry } from "../../../core/changelog/update-entry.ts";
import type { Failure, Result } from "../../../core/errors.ts";
import { ChangelogCreate, ChangelogEntry, ChangelogList, ChangelogPatch } from "../../../core/schemas/changelog.ts";
import type { Services } from "../../../core/services.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { json } from "../reply.ts";

const path = { id: "The entry's id." };
const tags = ["Changelog"];

const reply = <T>(refuse: (failure: Failure) => Response, result: Result<T>, status = 200): Response =>
  result.ok ? json(result.value, status) : refuse(result);

/** The team's changelog: drafts written, then published with the feedbacks they ship (scope feedbacks:write; a Reader is refused). */
export function changelogRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/changelog" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .post("/v1/changelog", async ({ grant, body, refuse }) => reply(refuse, await createEntry(services, grant, body), 201), {
      operation: "changelog.manage",
      ...jsonBody(ChangelogCreate, "invalid_body"),
      detail: operation({
        summary: "Write a changelog entry",
        description: "A draft: a title, a Markdown body and the feedbacks it ships (keys). Nothing is sent until it is published.",
        tags,
        body: ChangelogCreate,
        responses: { 201: { description: "The draft.", schema: ChangelogEntry } },
        errors: ["invalid_json", "invalid_body"],
      }),
    })
    .get("/v1/changelog", async ({ grant, refuse }) => reply(refuse, await listEntries(services, grant)), {
      operation: "changelog.manage",
      detail: operation({
        summary: "List the changelog",
        description: "Drafts first, then published entries, newest first.",
        tags,
        responses: { 200: { description: "The entries.", schema: ChangelogList } },
      }),
    })
    .get("/v1/changelog/:id", async ({ grant, params, refuse }) => reply(refuse, await getEntry(services, grant, params.id)), {
      operation: "changelog.manage",
      detail: operation({
        summary: "Read a changelog entry",
        tags,
        path,
        responses: { 200: { description: "The entry.", schema: ChangelogEntry } },
        errors: ["not_found"],
      }),
    })
    .patch("/v1/changelog/:id", async ({ grant, params, body, refuse }) => reply(refuse, await updateEntry(services, grant, params.id, body)), {
      operation: "changelog.manage",
      ...jsonBody(ChangelogPatch, "invalid_body"),
      detail: operation({
        summary: "Change a changelog entry",
        description:
          "A draft changes freely; a published entry's title and body may be corrected, the feedbacks it shipped may not (`changelog_published`).",
        tags,
        path,
        body: ChangelogPatch,
        responses: { 200: { description: "The entry.", schema: ChangelogEntry } },
        errors: ["invalid_json", "invalid_body", "not_found", "changelog_published"],
      }),
    })
    .post("/v1/changelog/:id/publish", async ({ grant, params, refuse }) => reply(refuse, await publishEntry(services, grant, { id: params.id })), {
      operation: "changelog.manage",
      detail: operation({
        summary: "Publish a changelog entry",
        description:
          "In one commit: the entry is published; each of its feedbacks not yet delivered moves to `delivered` (events `feedback.status_changed` and `feedback.shipped`); each person following any of them gets one e-mail about the entry, in their language, instead of a delivered message per feedback. Sends `changelog.published` to the webhooks subscribed to it.",
        tags,
        path,
        responses: { 200: { description: "The published entry.", schema: ChangelogEntry } },
        errors: ["not_found", "changelog_published"],
      }),
    })
    .delete(
      "/v1/changelog/:id",
      async ({ grant, params, refuse }) => {
        const deleted = await deleteEntry(services, grant, params.id);
        return deleted.ok ? new Response(null, { status: 204 }) : refuse(deleted);
      },
      {
        operation: "changelog.manage",
        detail: operation({
          summary: "Delete a draft",
          description: "Drafts only: a published entry stays (`changelog_published`).",
          tags,
          path,
          responses: { 204: { description: "Deleted." } },
          errors: ["not_found", "changelog_published"],
        }),
      },
    );
}

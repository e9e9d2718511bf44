import { Elysia } from "elysia";
import type { Failure, Result } from "../../../core/errors.ts";
import { listSimilar } from "../../../core/merges/list-similar.ts";
import { mergeFeedbacks } from "../../../core/merges/merge-feedbacks.ts";
import { splitReport } from "../../../core/merges/split-report.ts";
import { unmergeFeedback } from "../../../core/merges/unmerge-feedback.ts";
import { Feedback } from "../../../core/schemas/feedback.ts";
import { MergeRequest, SimilarList } from "../../../core/schemas/merges.ts";
import type { Services } from "../../../core/services.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { json } from "../reply.ts";

const KEY = { key: "The readable key or the identifier." };

/** The value as JSON, or the refusal with its challenge. */
const reply = <T>(refuse: (failure: Failure) => Response, result: Result<T>): Response => (result.ok ? json(result.value) : refuse(result));

/** Grouping reviewed by people: feedbacks alike, merging two by hand, undoing a merge, splitting a report out. */
export function mergeRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/merges" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .get("/v1/feedbacks/:key/similar", async ({ params, grant, refuse }) => reply(refuse, await listSimilar(services, grant, params.key)), {
      operation: "feedbacks.read",
      detail: operation({
        summary: "Feedbacks similar to one",
        description:
          "Open feedbacks of the same app that may tell the same thing, most alike first, each with its score, whether grouping would merge it on its own (`sure`), the words that matched, and, where the match rests on little, why (`weak`). Pairs a person dismissed or unmerged are left out.",
        tags: ["Grouping"],
        path: KEY,
        responses: { 200: { description: "The similar feedbacks.", schema: SimilarList } },
        errors: ["not_found"],
      }),
    })
    .post(
      "/v1/feedbacks/:key/merge",
      async ({ params, grant, body, refuse }) => reply(refuse, await mergeFeedbacks(services, grant, params.key, body.into)),
      {
        operation: "feedbacks.update",
        ...jsonBody(MergeRequest, "invalid_body"),
        detail: operation({
          summary: "Merge a feedback into another",
          description:
            "Merges this feedback into `into`, of the same app: its reports and followers join it, and this key then answers with it. A link, never a deletion: POST …/unmerge undoes it. Sends `feedback.merged`.",
          tags: ["Grouping"],
          path: KEY,
          body: MergeRequest,
          responses: { 200: { description: "The feedback that now holds both.", schema: Feedback } },
          errors: ["invalid_json", "invalid_body", "not_found", "cannot_merge"],
        }),
      },
    )
    .post("/v1/feedbacks/:key/unmerge", async ({ params, grant, refuse }) => reply(refuse, await unmergeFeedback(services, grant, params.key)), {
      operation: "feedbacks.update",
      detail: operation({
        summary: "Undo the merge of a feedback",
        description:
          "Restores a merged feedback exactly: its reports, followers, status and tracker link; the followers the merge added leave the other feedback, and the pair is not suggested or merged again. Sends `feedback.unmerged`.",
        tags: ["Grouping"],
        path: KEY,
        responses: { 200: { description: "The restored feedback.", schema: Feedback } },
        errors: ["not_found", "cannot_unmerge"],
      }),
    })
    .post(
      "/v1/feedbacks/:key/reports/:reportId/split",
      async ({ params, grant, refuse }) => {
        const split = await splitReport(services, grant, params.key, params.reportId);
        return split.ok ? json(split.value, 201) : refuse(split);
      },
      {
        operation: "feedbacks.update",
        detail: operation({
          summary: "Split a report out into a new feedback",
          description:
            "Takes one report (its `id` in `reports`) out of a feedback into a new feedback in triage, which its reporter follows too; the two are not grouped again. Sends `feedback.created` for the new feedback.",
          tags: ["Grouping"],
          path: { ...KEY, reportId: "The report's id, from the feedback's reports." },
          responses: { 201: { description: "The new feedback.", schema: Feedback } },
          errors: ["not_found", "cannot_split"],
        }),
      },
    );
}

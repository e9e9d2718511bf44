import { Elysia } from "elysia";
import { Feedback } from "../../../core/schemas/feedback.ts";
import { VoteRequest, VoterList } from "../../../core/schemas/votes.ts";
import type { Services } from "../../../core/services.ts";
import { listVoters } from "../../../core/votes/list-voters.ts";
import { relayVote } from "../../../core/votes/relay-vote.ts";
import { withdrawRelayedVote } from "../../../core/votes/withdraw-relayed-vote.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { acceptedLanguage } from "../language.ts";
import { json } from "../reply.ts";

const KEY = { key: "The readable key or the identifier." };

/** Votes as the team sees them: relaying a customer's vote, taking it back, reading who voted. */
export function voteRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/votes" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .post(
      "/v1/feedbacks/:key/votes",
      async ({ request, params, grant, body, refuse }) => {
        const relayed = await relayVote(services, grant, params.key, { ...body, language: acceptedLanguage(request) });
        return relayed.ok ? json(relayed.value.feedback, relayed.value.counted ? 201 : 200) : refuse(relayed);
      },
      {
        operation: "feedbacks.update",
        ...jsonBody(VoteRequest, "invalid_body"),
        detail: operation({
          summary: "Relay a person's vote",
          description:
            "Counts the vote of a customer who asked by e-mail or in a call, once per e-mail address: sent again, it changes nothing (200 instead of 201). The person follows the feedback, and is written to in the request's language (`Accept-Language`). Only open feedbacks take votes (`cannot_vote` for delivered or dismissed). At most 10 votes a minute per e-mail address. Sends `feedback.voted`.",
          tags: ["Votes"],
          path: KEY,
          body: VoteRequest,
          responses: {
            201: { description: "The vote was counted: the feedback with its votes.", schema: Feedback },
            200: { description: "The person's vote was counted already: the feedback as it is.", schema: Feedback },
          },
          errors: ["invalid_json", "invalid_body", "not_found", "cannot_vote"],
        }),
      },
    )
    .delete(
      "/v1/feedbacks/:key/votes/:email",
      async ({ params, grant, refuse }) => {
        const withdrawn = await withdrawRelayedVote(services, grant, params.key, params.email);
        return withdrawn.ok ? new Response(null, { status: 204 }) : refuse(withdrawn);
      },
      {
        operation: "feedbacks.update",
        detail: operation({
          summary: "Take back a person's vote",
          description:
            "Withdraws the vote of the person with this e-mail address (URL-encoded), from the feedback and from any merged into it, as they would themselves; nothing to withdraw is not an error. They keep following.",
          tags: ["Votes"],
          path: { ...KEY, email: "The person's e-mail address." },
          responses: { 204: { description: "The person's vote is not counted (any more)." } },
          errors: ["not_found"],
        }),
      },
    )
    .get(
      "/v1/feedbacks/:key/voters",
      async ({ params, grant, refuse }) => {
        const voters = await listVoters(services, grant, params.key);
        return voters.ok ? json(voters.value) : refuse(voters);
      },
      {
        operation: "feedbacks.read",
        detail: operation({
          summary: "The people who voted",
          description:
            "The people counted in the feedback's votes (its own voters and those of the feedbacks merged into it), each once, first voters first. For the team only: voters are never shown on the portal.",
          tags: ["Votes"],
          path: KEY,
          responses: { 200: { description: "The voters.", schema: VoterList } },
          errors: ["not_found"],
        }),
      },
    );
}

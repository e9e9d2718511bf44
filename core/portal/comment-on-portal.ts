import { fail, invalid, ok, type Result } from "../errors.ts";
import { commentCreated } from "../feedback/add-comment.ts";
import { notifyReplyJob } from "../notify/notify-reply.ts";
import type { Clock, Ids } from "../ports.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import { firstProblem } from "../schemas/field-problem.ts";
import { CommentText } from "../schemas/comment.ts";
import type { CommentStore } from "../store/comments.ts";
import type { PortalPerson } from "../store/portal-people.ts";
import type { PortalRecord } from "../store/portals.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { type PublishedDeps, publishedFeedback } from "./published-feedback.ts";

/** Comments one person may write per hour on a portal, and one client address on all portals. */
const COMMENTS_PER_EMAIL_PER_HOUR = 10;
const COMMENTS_PER_ADDRESS_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

type PortalCommentDeps = PublishedDeps & {
  readonly clock: Clock;
  readonly ids: Pick<Ids, "id">;
  readonly store: Pick<CommentStore, "addComment"> & RateLimitStore;
};

/**
 * A signed-in person comments on a published feedback's portal page, moderated like posts: with
 * posting `open` the comment is public at once (on the page, `comment.created`, e-mailed to the
 * followers but its author); with `review` it is held for the team, stored internal under the
 * person's name, until a member publishes it (publish-held-comment.ts); with `off` the portal takes
 * no comments (`not_found`), nor for a feedback not published. Limited per person and per client
 * address (`rate_limited`); at most 5000 characters.
 */
export async function commentOnPortal(
  services: PortalCommentDeps,
  portal: PortalRecord,
  person: PortalPerson,
  keyOrId: string,
  text: string,
  address: string,
): Promise<Result<{ readonly key: string; readonly shown: boolean }>> {
  if (!portal.enabled || portal.posting === "off") return fail("not_found");
  const feedback = await publishedFeedback(services, portal.orgId, keyOrId);
  if (!feedback) return fail("not_found");
  const said = text.trim();
  const problem = said ? firstProblem(CommentText, said) : { field: "text", reason: "missing" as const };
  if (problem) return invalid("invalid_body", { ...problem, field: "text" });
  const { store, clock, ids } = services;
  const byAddress = await checkRateLimit(store, clock, `portal-comment-address:${address}`, COMMENTS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  if (!byAddress.ok) return byAddress;
  const byEmail = await checkRateLimit(store, clock, `portal-comment-email:${portal.orgId}:${person.email}`, COMMENTS_PER_EMAIL_PER_HOUR, HOUR_MS);
  if (!byEmail.ok) return byEmail;
  const shown = portal.posting === "open";
  const at = clock();
  const id = ids.id();
  await store.addComment({
    id,
    orgId: portal.orgId,
    feedbackId: feedback.id,
    text: said,
    at,
    status: feedback.status,
    author: { person: { email: person.email, ...(person.name && { name: person.name }) } },
    visibility: shown ? "public" : "internal",
    events: shown ? [commentCreated(ids.id(), id, feedback, at)] : [],
    jobs: shown ? [notifyReplyJob(portal.orgId, feedback.id, id)] : [],
  });
  return ok({ key: feedback.key, shown });
}

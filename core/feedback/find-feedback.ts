import { type Failure, fail } from "../errors.ts";
import { followMerges, readMerges } from "../merges/merge-chain.ts";
import { refuse } from "../merges/refusal.ts";
import type { FeedbackRecord } from "../model.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import { isFeedbackKey } from "./key.ts";

/** What finding a feedback by key or id reads. */
export type FindDeps = { readonly store: Pick<FeedbackStore, "findFeedback"> };

/** What finding feedbacks by id, many at once, reads. */
export type FindManyDeps = { readonly store: Pick<FeedbackStore, "findFeedbacks"> };

/** Beyond this length a text names no feedback, and no one typed it by hand: it is neither said back nor looked up. */
export const NAMED_AT_MOST = 64;

/**
 * A key or id that names no feedback of the organization: 404, naming it as typed, so that a
 * person (or a model) tries another; REST, MCP and the CLI say it alike.
 */
export function noSuchFeedback(keyOrId: string): Failure {
  const typed = lookupKey(keyOrId).trim();
  return typed && typed.length <= NAMED_AT_MOST ? refuse("not_found", { reason: "unknown_feedback", feedback: typed }) : fail("not_found");
}

/**
 * What a person typed to name a feedback, as keys are made: a key in any case (demo-4, Demo-4) is
 * the key in upper case; anything else is kept as it is.
 */
export function lookupKey(keyOrId: string): string {
  const typed = keyOrId.trim();
  const key = typed.toUpperCase();
  // Keys are ASCII: other letters (ß, ı) would upper-case into a key they are not.
  return /^[\x21-\x7e]+$/.test(typed) && isFeedbackKey(key) ? key : keyOrId;
}

/**
 * Finds a feedback by id, or by key in any case: the text as given first (an identifier is
 * matched exactly), then as a key in upper case.
 */
export async function findByKeyOrId(services: FindDeps, orgId: string, keyOrId: string): Promise<FeedbackRecord | null> {
  const found = await services.store.findFeedback(orgId, keyOrId);
  const key = lookupKey(keyOrId);
  return found ?? (key === keyOrId ? null : services.store.findFeedback(orgId, key));
}

/** Whether `feedback`, found for `keyOrId`, is another feedback than the one asked for: the one it was merged into. */
export const mergedAway = (feedback: Pick<FeedbackRecord, "key" | "id">, keyOrId: string): boolean =>
  feedback.key !== lookupKey(keyOrId) && feedback.id !== keyOrId;

/** Finds a feedback by key (in any case) or id; a merged one answers with the feedback it was merged into. */
export async function resolveFeedback(services: FindDeps, orgId: string, keyOrId: string): Promise<FeedbackRecord | null> {
  const found = await findByKeyOrId(services, orgId, keyOrId);
  return found && holderOf(services, orgId, found);
}

/** The feedback holding `found` now: itself, or the one at the end of its merges; null when they do not end. */
export async function holderOf(services: FindDeps, orgId: string, found: FeedbackRecord): Promise<FeedbackRecord | null> {
  const known = new Map<string, FeedbackRecord | null>([[found.id, found]]);
  await readMerges([found.id], known, async (ids) =>
    (await Promise.all(ids.map((id) => services.store.findFeedback(orgId, id)))).filter((f) => f !== null),
  );
  return followMerges(found.id, known).holder ?? null;
}

/**
 * Feedbacks by id, each as resolveFeedback answers it: itself, or the feedback it was merged into.
 * Each step along the merge chains is one read for all of them, however many are asked for. An id
 * that names no feedback, or whose chain does not end, is absent.
 */
export async function resolveFeedbacks(services: FindManyDeps, orgId: string, ids: readonly string[]): Promise<Map<string, FeedbackRecord>> {
  const known = new Map<string, FeedbackRecord | null>();
  await readMerges(ids, known, (wanted) => services.store.findFeedbacks(orgId, wanted));
  return new Map(
    ids.flatMap((id) => {
      const feedback = followMerges(id, known).holder;
      return feedback ? [[id, feedback] as const] : [];
    }),
  );
}

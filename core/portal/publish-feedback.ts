import { authorize } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "../feedback/find-feedback.ts";
import { type PresentDeps, presentFeedback } from "../feedback/present-feedback.ts";
import { foldedWords } from "../feedback/search-words.ts";
import type { Grant } from "../model.ts";
import type { Feedback } from "../schemas/feedback.ts";
import type { PublishRequest } from "../schemas/portal.ts";
import type { Services } from "../services.ts";
import type { Publication, PublicationStore } from "../store/publications.ts";

/** The words a public search finds a publication by: those of its key, public title and description, and nothing else. */
export const publicationWords = (key: string, title: string, description: string | null): string =>
  foldedWords(`${key} ${title} ${description ?? ""}`).join(" ");

/**
 * POST /v1/feedbacks/{key}/publish: the feedback appears on the portal with a public title (its
 * title unless one is given, or the one it was published with) and the public description the team
 * writes. Published again, it keeps what is not sent.
 */
export async function publishFeedback(
  services: FindDeps & PresentDeps & Pick<Services, "clock"> & { readonly store: Pick<PublicationStore, "publish" | "findPublications"> },
  grant: Grant,
  keyOrId: string,
  request: PublishRequest,
): Promise<Result<Feedback>> {
  const allowed = authorize(grant, "feedbacks.update");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const before = (await services.store.findPublications([feedback.id])).get(feedback.id);
  const title = request.title?.trim() || before?.title || feedback.title;
  const description = request.description !== undefined ? request.description.trim() || null : (before?.description ?? null);
  const publication: Publication = {
    feedbackId: feedback.id,
    orgId: grant.orgId,
    title,
    description,
    publishedAt: before?.publishedAt ?? services.clock(),
    words: publicationWords(feedback.key, title, description),
  };
  await services.store.publish(publication);
  return ok(await presentFeedback(services, feedback));
}

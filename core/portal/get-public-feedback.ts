import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import type { PublicFeedback } from "../schemas/portal.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { PortalRecord } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { UserStore } from "../store/users.ts";
import { type OpenPortalDeps, openPortal } from "./open-portal.ts";
import { byTeam, publicComments, toPublicFeedback } from "./public-view.ts";

type PublicFeedbackDeps = OpenPortalDeps &
  FindDeps &
  Pick<Services, "baseUrl"> & {
    readonly store: Pick<PublicationStore, "findPublications"> &
      Pick<CatalogStore, "findApp"> &
      Pick<FeedbackStore, "listComments"> &
      Pick<UserStore, "findUser">;
  };

/** A comment its reader wrote on the portal that waits for the team's review: shown to them alone. */
export interface HeldComment {
  readonly text: string;
  readonly at: string;
}

/**
 * GET /v1/portal/{slug}/feedbacks/{key} and a feedback's page: the published feedback with its
 * public comments, and, for a `reader` signed in on the portal, their own comments held for the
 * team's review (so what they wrote does not seem lost). A key merged into another answers with
 * that one when it is published. Not found: a portal that is off, a key of no feedback, or a
 * feedback not published.
 */
export async function getPublicFeedback(
  services: PublicFeedbackDeps,
  slug: string,
  keyOrId: string,
  language: Language,
  reader?: { readonly email: string },
): Promise<Result<{ readonly portal: PortalRecord; readonly feedback: PublicFeedback; readonly held: readonly HeldComment[] }>> {
  const portal = await openPortal(services, slug);
  if (!portal) return fail("not_found");
  const { store } = services;
  const feedback = await resolveFeedback(services, portal.orgId, keyOrId);
  const publication = feedback && (await store.findPublications([feedback.id])).get(feedback.id);
  if (!feedback || !publication) return fail("not_found");
  const [app, comments] = await Promise.all([store.findApp(portal.orgId, feedback.appId), store.listComments(feedback.id)]);
  const authors = [...new Set(comments.filter((c) => c.visibility === "public" && byTeam(c)).map((c) => c.userId))];
  const names = new Map(await Promise.all(authors.map(async (id) => [id, (await store.findUser(id))?.name] as const)));
  const context = { portal, language, baseUrl: services.baseUrl, app: app ?? undefined, votes: feedback.votes ?? 0 };
  const held = reader
    ? comments
        .filter((c) => c.visibility === "internal" && c.person?.email === reader.email)
        .map((c) => ({ text: c.text, at: new Date(c.at).toISOString() }))
    : [];
  return ok({ portal, feedback: toPublicFeedback({ feedback, publication }, context, publicComments(comments, names)), held });
}

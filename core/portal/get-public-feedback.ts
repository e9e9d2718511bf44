import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { type FindDeps, findByKeyOrId, mergedAway, NAMED_AT_MOST, resolveFeedback } from "../feedback/find-feedback.ts";
import type { PublicFeedback } from "../schemas/portal.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import { publishedOf, type ShippedIn } from "../changelog/public-changelog.ts";
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
      Pick<UserStore, "findUser"> &
      Pick<ChangelogStore, "entriesLinking">;
  };

/** A comment its reader wrote on the portal that waits for the team's review: shown to them alone. */
export interface HeldComment {
  readonly text: string;
  readonly at: string;
}

/** A feedback merged into the one shown, as its page names it: its key, and its public title if it had one. */
export interface MergedHere {
  readonly key: string;
  readonly title?: string;
}

/** Who reads the page, and the key they came by when it was a feedback merged into this one (`?merged=`). */
interface Viewing {
  readonly reader?: { readonly email: string };
  readonly cameFrom?: string;
}

/**
 * GET /v1/portal/{slug}/feedbacks/{key} and a feedback's page: the published feedback with its
 * public comments, and, for a `reader` signed in on the portal, their own comments held for the
 * team's review (so what they wrote does not seem lost). A key merged into another answers with
 * that one when it is published (`mergedAway` is then the key asked for); `cameFrom`, a key merged
 * into the one shown, is named back (`mergedHere`), so that a person following their post's old
 * address learns where it went. Not found: a portal that is off, a key of no feedback, or a feedback not published.
 */
export async function getPublicFeedback(
  services: PublicFeedbackDeps,
  slug: string,
  keyOrId: string,
  language: Language,
  viewing: Viewing = {},
): Promise<
  Result<{
    readonly portal: PortalRecord;
    readonly feedback: PublicFeedback;
    readonly held: readonly HeldComment[];
    /** The published changelog entries that shipped it, newest first; a draft is the team's and never named. */
    readonly shippedIn: readonly ShippedIn[];
    readonly mergedAway?: string;
    readonly mergedHere?: MergedHere;
  }>
> {
  const portal = await openPortal(services, slug);
  if (!portal) return fail("not_found");
  const { store } = services;
  const feedback = await resolveFeedback(services, portal.orgId, keyOrId);
  const publication = feedback && (await store.findPublications([feedback.id])).get(feedback.id);
  if (!feedback || !publication) return fail("not_found");
  const { reader, cameFrom } = viewing;
  const [app, comments, entries] = await Promise.all([
    store.findApp(portal.orgId, feedback.appId),
    store.listComments(feedback.id),
    store.entriesLinking(portal.orgId, feedback.id),
  ]);
  const authors = [...new Set(comments.filter((c) => c.visibility === "public" && byTeam(c)).map((c) => c.userId))];
  const names = new Map(await Promise.all(authors.map(async (id) => [id, (await store.findUser(id))?.name] as const)));
  const context = { portal, language, baseUrl: services.baseUrl, app: app ?? undefined, votes: feedback.votes ?? 0 };
  const held = reader
    ? comments
        .filter((c) => c.visibility === "internal" && c.person?.email === reader.email)
        .map((c) => ({ text: c.text, at: new Date(c.at).toISOString() }))
    : [];
  const [mergedHere, asked] = await Promise.all([
    cameFrom ? mergedInto(services, portal.orgId, cameFrom, feedback.id) : undefined,
    mergedAway(feedback, keyOrId) ? findByKeyOrId(services, portal.orgId, keyOrId) : undefined,
  ]);
  return ok({
    portal,
    feedback: toPublicFeedback({ feedback, publication }, context, publicComments(comments, names)),
    held,
    shippedIn: publishedOf(entries),
    ...(asked && { mergedAway: asked.key }),
    ...(mergedHere && { mergedHere }),
  });
}

/** The feedback `keyOrId` names when it was merged, directly or along a chain, into `survivorId`. */
async function mergedInto(services: PublicFeedbackDeps, orgId: string, keyOrId: string, survivorId: string): Promise<MergedHere | undefined> {
  const merged = keyOrId.length <= NAMED_AT_MOST ? await findByKeyOrId(services, orgId, keyOrId) : null;
  if (!merged?.mergedInto || (await resolveFeedback(services, orgId, merged.mergedInto))?.id !== survivorId) return undefined;
  const publication = (await services.store.findPublications([merged.id])).get(merged.id);
  return { key: merged.key, ...(publication && { title: publication.title }) };
}

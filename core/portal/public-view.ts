import type { Language } from "../language.ts";
import type { AppRecord } from "../model.ts";
import type { PublicComment, PublicFeedback, PublicFeedbackSummary } from "../schemas/portal.ts";
import type { StatusComment } from "../store/feedbacks.ts";
import type { PortalRecord } from "../store/portals.ts";
import type { PublishedFeedback } from "../store/publications.ts";
import { portalUrl } from "./portal-settings.ts";
import { statusLabel } from "./status-labels.ts";

const iso = (ms: number): string => new Date(ms).toISOString();

/** What a public view is made of besides the published feedback: the portal, the reader's language, the app, the votes. */
interface PublicContext {
  readonly portal: PortalRecord;
  readonly language: Language;
  readonly baseUrl: string;
  readonly app: Pick<AppRecord, "id" | "name"> | undefined;
  readonly votes: number;
}

const publicFeedbackUrl = (baseUrl: string, slug: string, key: string): string => `${portalUrl(baseUrl, slug)}/${encodeURIComponent(key)}`;

/**
 * A published feedback as the public sees it, built field by field from what the team published
 * and the few facts that are public by nature (key, kind, status, app, creation date). Nothing is
 * spread from the feedback record: a field added to it never reaches the portal by accident.
 */
function publicFields({ feedback, publication }: PublishedFeedback, context: PublicContext) {
  return {
    key: feedback.key,
    publicTitle: publication.title,
    ...(publication.description && { publicDescription: publication.description }),
    kind: feedback.kind,
    status: feedback.status,
    statusLabel: statusLabel(context.portal, feedback.status, context.language),
    votes: context.votes,
    app: { id: feedback.appId, name: context.app?.name ?? "" },
    createdAt: iso(feedback.createdAt),
    url: publicFeedbackUrl(context.baseUrl, context.portal.slug, feedback.key),
  };
}

export const toPublicSummary = (published: PublishedFeedback, context: PublicContext, commentCount: number): PublicFeedbackSummary => ({
  ...publicFields(published, context),
  commentCount,
});

export const toPublicFeedback = (published: PublishedFeedback, context: PublicContext, comments: readonly PublicComment[]): PublicFeedback => ({
  ...publicFields(published, context),
  comments: [...comments],
});

/** Whether a team member wrote a comment (not a reporter from their tracking page, nor a person on the portal). */
export const byTeam = (c: Pick<StatusComment, "reportId" | "person">): boolean => c.reportId === undefined && c.person === undefined;

/**
 * The public comments of a feedback, oldest first: the text, the time, whether the team wrote it,
 * and the name its author gave: a team member's, or the portal person's own; never an e-mail, and
 * never a reporter's name (their answer from a tracking page is shown without one).
 */
export function publicComments(comments: readonly StatusComment[], names: ReadonlyMap<string, string | undefined>): PublicComment[] {
  return comments
    .filter((c) => c.visibility === "public")
    .map((c) => {
      const team = byTeam(c);
      const author = team ? names.get(c.userId) : c.person?.name;
      return { ...(author && { author }), team, at: iso(c.at), text: c.text };
    });
}

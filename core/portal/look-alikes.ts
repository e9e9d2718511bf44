import { type ChannelDeps, openChannel, type Sender } from "../collection/open-channel.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { hasWords } from "../grouping/analyze.ts";
import { CANDIDATE_STATUSES, type CandidateQuery, POSTINGS_PER_KEY, RAREST_KEYS } from "../grouping/candidates.ts";
import { KINDS } from "../schemas/feedback.ts";
import type { PublicFeedbackSummary } from "../schemas/portal.ts";
import type { WidgetLookAlikes } from "../schemas/widget.ts";
import type { Services } from "../services.ts";
import type { CommentStore } from "../store/comments.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { GroupingStore } from "../store/grouping.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import { toPublicSummary } from "./public-view.ts";

/** What a person types is read up to this many code points: the cost of a look stays flat however long the text. */
const LOOK_ALIKE_TEXT_MAX = 500;
/** At most this many look-alikes are offered. */
const LOOK_ALIKES_SHOWN = 3;
/** Looks one client address may ask for per minute (the widget asks once a person pauses typing). */
export const LOOK_ALIKES_PER_ADDRESS_PER_MINUTE = 30;
/** Candidates read from the postings before the grouper compares them. */
const CANDIDATES = 25;

/** What finding look-alikes reads: the grouping postings, the publications, and the feedbacks offered. */
export type FindLookAlikeDeps = Pick<Services, "grouper" | "baseUrl"> & {
  readonly store: Pick<GroupingStore, "keyFrequencies" | "groupingCandidates"> &
    Pick<PublicationStore, "findPublications"> &
    Pick<FeedbackStore, "findFeedback"> &
    Pick<CommentStore, "countPublicComments">;
};

type LookAlikeDeps = ChannelDeps & FindLookAlikeDeps & Pick<Services, "clock"> & { readonly store: RateLimitStore & Pick<PortalStore, "findPortal"> };

/**
 * The candidate query of a text no feedback holds yet: the app's open feedbacks under its rarest
 * keys (those carried by fewest feedbacks; a key no feedback carries finds nothing), as grouping reads them.
 */
export function lookAlikeQuery(
  app: { readonly orgId: string; readonly appId: string },
  frequencies: ReadonlyMap<string, number>,
): CandidateQuery | null {
  const keys = [...frequencies]
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => a - b)
    .slice(0, RAREST_KEYS)
    .map(([key]) => key);
  if (keys.length === 0) return null;
  // The person has not said what kind their report is yet: look-alikes of every kind are offered.
  return { ...app, keys, postingsPerKey: POSTINGS_PER_KEY, statuses: CANDIDATE_STATUSES, kinds: KINDS, exclude: "", limit: CANDIDATES, oldest: 0 };
}

/**
 * POST /v1/widget/similar: while a person writes a report in the widget, the published feedbacks
 * of the widget's app that look like it, most alike first, at most three, public fields only.
 * The grouper's own scoring decides (its suggestion threshold), over candidates from the grouping
 * postings of the text's rarest keys, only published ones compared. No person is needed; a portal
 * that is off is `not_found`. Each look spends the client address's budget (`rate_limited`).
 */
export async function lookAlikes(
  services: LookAlikeDeps,
  input: { readonly publicKey: string; readonly text: string },
  sender: Sender,
  address: string,
  language: Language,
): Promise<Result<WidgetLookAlikes>> {
  const limited = await checkRateLimit(services.store, services.clock, `look-alikes:${address}`, LOOK_ALIKES_PER_ADDRESS_PER_MINUTE);
  if (!limited.ok) return limited;
  const channel = await openChannel(services, input.publicKey, sender);
  if (!channel.ok) return channel;
  const { app, organization } = channel.value;
  const portal = await services.store.findPortal(organization.id);
  if (!portal?.enabled) return fail("not_found");
  const data = await publishedLookAlikes(services, { portal, apps: [{ id: app.id, name: app.name }], text: input.text, language });
  return ok({ data });
}

/**
 * The published feedbacks of these apps (of the portal's organization) that look like a text, most
 * alike first, at most three, public fields only: the grouper's own scoring decides (its suggestion
 * threshold), over candidates from the grouping postings of the text's rarest keys in each app,
 * only published ones compared. The widget and the portal's post form both offer these.
 */
export async function publishedLookAlikes(
  services: FindLookAlikeDeps,
  look: {
    readonly portal: PortalRecord;
    readonly apps: ReadonlyArray<{ readonly id: string; readonly name: string }>;
    readonly text: string;
    readonly language: Language;
  },
): Promise<PublicFeedbackSummary[]> {
  const { store, grouper } = services;
  const { portal, apps } = look;
  const text = Array.from(look.text).slice(0, LOOK_ALIKE_TEXT_MAX).join("");
  if (!hasWords(text)) return [];
  const keys = grouper.keys(text);
  const perApp = await Promise.all(
    apps.map(async (app) => {
      const query = lookAlikeQuery({ orgId: portal.orgId, appId: app.id }, await store.keyFrequencies(app.id, keys));
      return query ? store.groupingCandidates(query) : [];
    }),
  );
  const candidates = perApp.flat();
  const publications = await store.findPublications([...new Set(candidates.map((c) => c.id))]);
  // Compared with what the portal shows of each, never with the reports' own words (a reporter's
  // message, the team's title): what is typed must not tell anyone what a published feedback's reports say.
  const shown = [...publications.values()].map((p) => ({ id: p.feedbackId, text: [p.title, p.description ?? ""].join("\n"), own: true }));
  const { matches } = await grouper.compare(text, shown);
  const best = [...new Set(matches.map((m) => m.id))].slice(0, LOOK_ALIKES_SHOWN);
  const [records, comments] = await Promise.all([
    Promise.all(best.map((id) => store.findFeedback(portal.orgId, id))),
    store.countPublicComments(best),
  ]);
  return records.flatMap((feedback) => {
    const publication = feedback && publications.get(feedback.id);
    const app = feedback && apps.find((a) => a.id === feedback.appId);
    if (!feedback || !publication || !app || feedback.mergedInto) return [];
    const context = { portal, language: look.language, baseUrl: services.baseUrl, app, votes: feedback.votes ?? 0 };
    return [toPublicSummary({ feedback, publication }, context, comments.get(feedback.id) ?? 0)];
  });
}

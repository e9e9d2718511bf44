import { type ChannelDeps, openChannel, type Sender } from "../collection/open-channel.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { hasWords } from "../grouping/analyze.ts";
import { CANDIDATE_STATUSES } from "../grouping/candidates.ts";
import { STOP_WORDS } from "../grouping/lexicon.ts";
import { eachWordOnce, type SearchWord, searchWordsBut } from "../feedback/search-words.ts";
import type { PublicFeedbackSummary } from "../schemas/portal.ts";
import type { WidgetLookAlikes } from "../schemas/widget.ts";
import type { Services } from "../services.ts";
import type { CommentStore } from "../store/comments.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import type { PublicationStore, PublishedFeedback } from "../store/publications.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import { toPublicSummary } from "./public-view.ts";

/** What a person types is read up to this many code points: the cost of a look stays flat however long the text. */
const LOOK_ALIKE_TEXT_MAX = 500;
/** At most this many look-alikes are offered. */
const LOOK_ALIKES_SHOWN = 3;
/** Looks one client address may ask for per minute (the widget asks once a person pauses typing). */
export const LOOK_ALIKES_PER_ADDRESS_PER_MINUTE = 30;
/** Words of a look the portal is searched by, the longest first: the cost of a look stays flat however many are typed. */
const LOOK_ALIKE_WORDS = 4;
/** Published feedbacks read per word, the newest first. */
const PUBLISHED_PER_WORD = 25;
/** Published feedbacks the grouper compares a text with. */
const CANDIDATES = 25;

/** What finding look-alikes reads: the portal's published feedbacks, as its search reads them, and their public comments. */
export type FindLookAlikeDeps = Pick<Services, "grouper" | "baseUrl"> & {
  readonly store: Pick<PublicationStore, "listPublished"> & Pick<CommentStore, "countPublicComments">;
};

type LookAlikeDeps = ChannelDeps & FindLookAlikeDeps & Pick<Services, "clock"> & { readonly store: RateLimitStore & Pick<PortalStore, "findPortal"> };

/**
 * The words a published feedback is looked for by: the text's search words, folded as the portal's
 * search reads them, but stop words and single letters, which nearly every feedback meets; the longest first.
 */
export function lookAlikeWords(text: string): SearchWord[] {
  const searched = (word: SearchWord) => (typeof word === "string" ? word : "joined" in word ? word.joined : word.whole);
  const telling = searchWordsBut(text, STOP_WORDS).filter((word) => typeof word !== "object" || !("whole" in word));
  return eachWordOnce(telling)
    .sort((a, b) => searched(b).length - searched(a).length)
    .slice(0, LOOK_ALIKE_WORDS);
}

/**
 * The published feedbacks a text is compared with, from those each of its words found: the ones
 * found by most words, the newest first among equals.
 */
export function lookAlikeCandidates(found: readonly (readonly PublishedFeedback[])[]): PublishedFeedback[] {
  const met = new Map<string, { readonly published: PublishedFeedback; words: number }>();
  for (const published of found.flat()) {
    const seen = met.get(published.feedback.id);
    if (seen) seen.words++;
    else met.set(published.feedback.id, { published, words: 1 });
  }
  return [...met.values()]
    .sort(
      (a, b) =>
        b.words - a.words ||
        b.published.feedback.createdAt - a.published.feedback.createdAt ||
        (a.published.feedback.id < b.published.feedback.id ? 1 : -1),
    )
    .slice(0, CANDIDATES)
    .map(({ published }) => published);
}

/** Spends a look from the client address's budget, which the widget's looks and the portal post form's share. */
export const spendLook = (services: Pick<Services, "clock"> & { readonly store: RateLimitStore }, address: string) =>
  checkRateLimit(services.store, services.clock, `look-alikes:${address}`, LOOK_ALIKES_PER_ADDRESS_PER_MINUTE);

/**
 * POST /v1/widget/similar: while a person writes a report in the widget, the published feedbacks
 * of the widget's app that look like it, most alike first, at most three, public fields only.
 * The grouper's own scoring decides (its suggestion threshold), over what the portal shows of each
 * (publishedLookAlikes). No person is needed; a portal that is off is `not_found`. Each look spends
 * the client address's budget (`rate_limited`).
 */
export async function lookAlikes(
  services: LookAlikeDeps,
  input: { readonly publicKey: string; readonly text: string },
  sender: Sender,
  address: string,
  language: Language,
): Promise<Result<WidgetLookAlikes>> {
  const limited = await spendLook(services, address);
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
 * threshold). Which are compared, and how, is read from what the portal shows of them (public
 * title, description and key), never from their reports' words: a look must not tell anyone what a
 * published feedback's reports say, neither by what it offers nor by what it leaves out. The widget
 * and the portal's post form both offer these.
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
  if (apps.length === 0 || !hasWords(text)) return [];
  const appId = apps.length === 1 ? apps[0]!.id : undefined;
  const found = await Promise.all(
    lookAlikeWords(text).map((word) =>
      store.listPublished(portal.orgId, { statuses: CANDIDATE_STATUSES, words: [word], ...(appId && { appId }) }, null, PUBLISHED_PER_WORD, "new"),
    ),
  );
  const candidates = lookAlikeCandidates(found.map((list) => list.filter(({ feedback }) => apps.some((app) => app.id === feedback.appId))));
  const shown = candidates.map(({ publication: p }) => ({ id: p.feedbackId, text: [p.title, p.description ?? ""].join("\n"), own: true }));
  const { matches } = await grouper.compare(text, shown);
  const best = [...new Set(matches.map((m) => m.id))].slice(0, LOOK_ALIKES_SHOWN).map((id) => candidates.find(({ feedback }) => feedback.id === id)!);
  const comments = await store.countPublicComments(best.map(({ feedback }) => feedback.id));
  return best.map(({ feedback, publication }) => {
    const app = apps.find((a) => a.id === feedback.appId)!;
    const context = { portal, language: look.language, baseUrl: services.baseUrl, app, votes: feedback.votes ?? 0 };
    return toPublicSummary({ feedback, publication }, context, comments.get(feedback.id) ?? 0);
  });
}

import type { Sender } from "../collection/open-channel.ts";
import { ok, type Result } from "../errors.ts";
import { type FindDeps, type FindManyDeps, findByKeyOrId, resolveFeedbacks } from "../feedback/find-feedback.ts";
import type { Language } from "../language.ts";
import type { SsoVerifier } from "../portal-people/portal.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import type { WidgetVoted } from "../schemas/widget.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import type { VoteStore } from "../store/votes.ts";
import { hasVoted } from "./has-voted.ts";
import { widgetVoter, type WidgetVoterDeps } from "./widget-voter.ts";

/** Asks one client address may make per minute (the Ideas tab asks once each time it is drawn). */
export const VOTED_ASKS_PER_ADDRESS_PER_MINUTE = 30;

type WidgetVotedDeps = WidgetVoterDeps &
  FindDeps &
  FindManyDeps & { readonly store: RateLimitStore & Pick<PublicationStore, "findPublications"> & Pick<VoteStore, "countsVoter"> };

/** What the widget asks: its key, the keys its Ideas tab lists, and the customer's single sign-on token for the person. */
interface WidgetVotedInput {
  readonly publicKey: string;
  readonly keys: readonly string[];
  readonly token: string;
}

/**
 * POST /v1/widget/voted: which of the published feedbacks the widget's Ideas tab lists count the
 * identified person's vote already (theirs there, or on a feedback merged into it), so that their
 * buttons say so before anyone presses them. The checks of a vote from the widget: a widget key
 * from an origin its app allows, a portal that is on (`not_found`), a token the portal's secret
 * signed (`invalid_sso_token`). A key that is no published feedback of the app is left out, as one
 * not voted for, and so is one merged into a feedback the portal does not show. A key merged since
 * the tab listed it answers for the feedback holding it, where a vote for it is cast. Each ask
 * spends the client address's budget (`rate_limited`).
 */
export async function votedFromWidget(
  services: WidgetVotedDeps,
  verify: SsoVerifier,
  input: WidgetVotedInput,
  sender: Sender,
  address: string,
  language: Language,
): Promise<Result<WidgetVoted>> {
  const limited = await checkRateLimit(services.store, services.clock, `widget-voted:${address}`, VOTED_ASKS_PER_ADDRESS_PER_MINUTE);
  if (!limited.ok) return limited;
  const identified = await widgetVoter(services, verify, input, sender, language);
  if (!identified.ok) return identified;
  const { app, organization, voter } = identified.value;
  const keys = [...new Set(input.keys)];
  const found = await Promise.all(keys.map((key) => findByKeyOrId(services, organization.id, key)));
  const ofApp = found.flatMap((feedback) => (feedback && feedback.appId === app.id ? [feedback] : []));
  const published = await services.store.findPublications(ofApp.map((f) => f.id));
  const holders = await resolveFeedbacks(
    services,
    organization.id,
    ofApp.flatMap((f) => (published.has(f.id) ? [f.id] : [])),
  );
  // A holder the team did not publish is none the widget may name, nor count: a vote for its key is refused too.
  const shown = await services.store.findPublications([...holders.values()].map((h) => h.id));
  const counted = await Promise.all(
    found.map(async (feedback) => {
      const holder = feedback && holders.get(feedback.id);
      return holder && shown.has(holder.id) && (await hasVoted(services, organization.id, holder.id, voter.email)) ? holder : undefined;
    }),
  );
  return ok({ voted: keys.flatMap((key, i) => (counted[i] ? [{ key, votes: counted[i].votes ?? 0 }] : [])) });
}

import type { Sender } from "../collection/open-channel.ts";
import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { findByKeyOrId, holderOf } from "../feedback/find-feedback.ts";
import type { SsoVerifier } from "../portal-people/portal.ts";
import type { WidgetVote } from "../schemas/widget.ts";
import type { PublicationStore } from "../store/publications.ts";
import { type CastDeps, castVote } from "./cast-vote.ts";
import { widgetVoter, type WidgetVoterDeps } from "./widget-voter.ts";

type WidgetVoteDeps = CastDeps & WidgetVoterDeps & { readonly store: Pick<PublicationStore, "findPublications"> };

/** What the widget sends to vote: its key, the feedback's key, and the customer's single sign-on token for the person. */
interface WidgetVoteInput {
  readonly publicKey: string;
  readonly key: string;
  readonly token: string;
}

/**
 * POST /v1/widget/votes: a person the site identified (`Retour.identify({ …, token })`, an HS256
 * JWT `{sub, email, name?, exp}` signed with the portal's SSO secret) votes from the widget for a
 * published feedback of the widget's app (and published where a merge put it), and follows it. The
 * widget key works only from an origin its app allows; a portal that is off, a feedback not
 * published or of another app is `not_found`; a token forged, expired or incomplete (or a portal
 * without a secret) is `invalid_sso_token`. The vote spends the budgets of any vote: the person's
 * and the client address's.
 */
export async function voteFromWidget(
  services: WidgetVoteDeps,
  verify: SsoVerifier,
  input: WidgetVoteInput,
  sender: Sender,
  address: string,
  language: Language,
): Promise<Result<WidgetVote>> {
  const identified = await widgetVoter(services, verify, input, sender, language);
  if (!identified.ok) return identified;
  const { app, organization, voter } = identified.value;
  const feedback = await findByKeyOrId(services, organization.id, input.key);
  if (!feedback || feedback.appId !== app.id) return fail("not_found");
  // The key's feedback published, and the one a merge put it in since: the vote would count there, name it and follow it.
  const holder = await holderOf(services, organization.id, feedback);
  if (!holder) return fail("not_found");
  const published = await services.store.findPublications([feedback.id, holder.id]);
  if (!published.has(feedback.id) || !published.has(holder.id)) return fail("not_found");
  const cast = await castVote(services, voter, feedback.id, address, holder);
  if (!cast.ok) return cast;
  const voted = await services.store.findFeedback(organization.id, cast.value.feedbackKey);
  return ok({ key: cast.value.feedbackKey, votes: voted?.votes ?? 0, counted: cast.value.counted });
}

import { type ChannelDeps, openChannel, type Sender } from "../collection/open-channel.ts";
import type { ChannelContext } from "../store/collection.ts";
import { type Failure, fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { openSealed } from "../open-sealed.ts";
import type { SsoVerifier } from "../portal-people/portal.ts";
import { NO_SSO_SECRET, ssoPerson } from "../portal-people/sso-person.ts";
import type { Services } from "../services.ts";
import type { PortalStore } from "../store/portals.ts";
import type { Voter } from "./vote.ts";

/** A refused token: `invalid_sso_token`, with why (`cause`) for the site's developers, who alone can mend it. */
const refused = (why: string): Failure => ({ ok: false, code: "invalid_sso_token", cause: why });

/** The person a single sign-on token names, as a voter; a token that names no one (or a portal with no secret yet) is refused, saying why. */
async function identifiedVoter(
  services: Pick<Services, "secrets" | "clock">,
  verify: SsoVerifier,
  sealed: string | null,
  orgId: string,
  token: string,
  language: Language,
): Promise<Result<Voter>> {
  if (!sealed) return refused(NO_SSO_SECRET);
  // A secret that no longer opens verifies no one.
  const secret = await openSealed(services.secrets, sealed);
  if (secret === null) return refused("this portal's single sign-on secret can no longer be read: an Admin creates a new one (Settings → Portal)");
  const person = await ssoPerson(verify, token, secret, services.clock());
  return "refused" in person ? refused(person.refused) : ok({ orgId, language, ...person });
}

/** What the widget's person steps read: the widget's channel, the portal, and the secret box its SSO secret is sealed in. */
export type WidgetVoterDeps = ChannelDeps & Pick<Services, "secrets" | "clock"> & { readonly store: Pick<PortalStore, "findPortal"> };

/**
 * The person a widget names with the site's single sign-on token, with the app and organization of
 * the widget's key: the widget key works only from an origin its app allows (`Sender`); a portal that
 * is off is `not_found`; a token forged, expired or incomplete (or a portal without a secret) is
 * `invalid_sso_token`, saying why.
 */
export async function widgetVoter(
  services: WidgetVoterDeps,
  verify: SsoVerifier,
  input: { readonly publicKey: string; readonly token: string },
  sender: Sender,
  language: Language,
): Promise<Result<Pick<ChannelContext, "app" | "organization"> & { readonly voter: Voter }>> {
  const channel = await openChannel(services, input.publicKey, sender);
  if (!channel.ok) return channel;
  const { app, organization } = channel.value;
  const portal = await services.store.findPortal(organization.id);
  if (!portal?.enabled) return fail("not_found");
  const voter = await identifiedVoter(services, verify, portal.ssoSecretSealed, organization.id, input.token, language);
  return voter.ok ? ok({ app, organization, voter: voter.value }) : voter;
}

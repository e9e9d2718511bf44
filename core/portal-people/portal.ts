import type { Language } from "../language.ts";
import type { Clock, Digest, Ids } from "../ports.ts";
import type { PortalPeopleStore, PortalPerson } from "../store/portal-people.ts";

/** What the portal's people rules need to know of an organization's portal (its settings live with the portal). */
export interface PortalEntry {
  readonly orgId: string;
  readonly slug: string;
  readonly enabled: boolean;
  /** The secret the customer's server signs single sign-on tokens with; null until an Admin creates one. */
  readonly ssoSecret: string | null;
  /** The organization's own sign-in page, where the portal sends people to sign in by single sign-on; null: none. */
  readonly signInUrl: string | null;
}

/** Finds a portal by its slug (`/p/{slug}`); null when there is none. */
export type PortalLookup = (slug: string) => Promise<PortalEntry | null>;

/** What a single sign-on token says of a person, once its signature and expiry are checked. */
export interface SsoClaims {
  readonly sub: string;
  readonly email: string;
  readonly name?: string;
}

/** Why a single sign-on token was refused, in the words of the app's developers, who must mend it. */
export interface SsoRefusal {
  readonly refused: string;
}

/**
 * Checks a single sign-on token (an HS256 JWT `{sub, email, name?, exp}`) with the portal's secret
 * at `now`: its claims, or why it is refused (forged, expired, missing a claim). A port: the core
 * decides what a valid person is, an adapter reads the token.
 */
export type SsoVerifier = (token: string, secret: string, now: number) => Promise<SsoClaims | SsoRefusal>;

/** A sign-in link lives 15 minutes and opens one session. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60_000;
/** A portal session lives 30 days. */
const PORTAL_SESSION_TTL_MS = 30 * 24 * 3_600_000;

/** A portal session just opened: the secret the browser keeps (only its digest is stored). */
export interface OpenedSession {
  readonly secret: string;
  readonly lifetimeMs: number;
  readonly person: PortalPerson;
}

export type SessionDeps = {
  readonly store: Pick<PortalPeopleStore, "createPortalSession">;
  readonly clock: Clock;
  readonly ids: Pick<Ids, "secret">;
  readonly digest: Digest;
};

/** Opens a portal session for a person who has just proved their address. */
export async function startPortalSession(deps: SessionDeps, person: PortalPerson): Promise<OpenedSession> {
  const secret = deps.ids.secret();
  const now = deps.clock();
  await deps.store.createPortalSession(deps.digest(secret), { ...person, createdAt: now, expiresAt: now + PORTAL_SESSION_TTL_MS });
  return { secret, lifetimeMs: PORTAL_SESSION_TTL_MS, person };
}

/** The words of the sign-in e-mail, in the person's language. */
export function signInMessage(language: Language, input: { portal: string; link: string }): { subject: string; text: string } {
  if (language === "fr") {
    return {
      subject: `Votre lien de connexion à ${input.portal}`,
      text: [
        "Bonjour,",
        "",
        `Pour vous connecter à ${input.portal}, ouvrez ce lien dans les 15 minutes (il ne sert qu’une fois)\u202f:`,
        input.link,
        "",
        "Si vous n’avez rien demandé, ignorez ce message\u202f: personne ne se connectera sans ce lien.",
      ].join("\n"),
    };
  }
  return {
    subject: `Your sign-in link for ${input.portal}`,
    text: [
      "Hello,",
      "",
      `To sign in to ${input.portal}, open this link within 15 minutes (it works once):`,
      input.link,
      "",
      "If you did not ask for it, ignore this message: nobody signs in without the link.",
    ].join("\n"),
  };
}

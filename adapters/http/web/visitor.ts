import type { Language } from "../../../core/language.ts";
import { sessionGrant } from "../../../core/authorization.ts";
import type { Grant } from "../../../core/model.ts";
import type { Membership } from "../../../core/sessions/resume-session.ts";
import type { Services } from "../../../core/services.ts";
import { type CookieJar, readCookie, type WebRequest, writeCookie } from "../cookies.ts";
import { acceptedLanguage } from "../language.ts";
import { csrfToken, isSecure, signedInUser } from "../web-session.ts";

const ORG_COOKIE = "retour_org";
const LANGUAGE_COOKIE = "retour_lang";

/** A signed-in person on a web page, acting in one of their organizations. */
export interface Visitor {
  readonly email: string;
  readonly memberships: readonly Membership[];
  readonly membership: Membership;
  /** The same rights as a personal token of the person's role: pages and the API share use cases. */
  readonly grant: Grant;
  readonly language: Language;
  readonly csrf: string;
}

type Visit =
  | { readonly state: "anonymous" }
  | { readonly state: "no_organization"; readonly language: Language; readonly email: string; readonly csrf: string }
  | ({ readonly state: "member" } & Visitor);

/** The language of the pages: the visitor's choice when made, else Accept-Language. */
export function pageLanguage(services: Pick<Services, "baseUrl">, { request, cookie }: WebRequest): Language {
  const chosen = readCookie(cookie, LANGUAGE_COOKIE, isSecure(services));
  return chosen === "fr" || chosen === "en" ? chosen : acceptedLanguage(request);
}

/** Remembers the visitor's choice of language for a year. */
export const chooseLanguage = (services: Services, jar: CookieJar, language: Language): void =>
  writeCookie(jar, LANGUAGE_COOKIE, language, { secure: isSecure(services), maxAgeSeconds: 365 * 86_400 });

/** Who is asking, and for which organization (`?org=` switches, and is remembered). */
export async function visit(services: Services, web: WebRequest): Promise<Visit> {
  const { request, cookie } = web;
  const user = await signedInUser(services, cookie);
  const language = pageLanguage(services, web);
  if (!user) return { state: "anonymous" };
  const memberships = user.memberships;
  const remembered = readCookie(cookie, ORG_COOKIE, isSecure(services));
  const asked = new URL(request.url).searchParams.get("org");
  // An organization asked for that is none of the person's (an old link, a typo) keeps the one in use.
  const membership = memberships.find((m) => m.orgId === asked) ?? memberships.find((m) => m.orgId === remembered) ?? memberships[0];
  if (!membership) return { state: "no_organization", language, email: user.email, csrf: await csrfToken(services, cookie) };
  const csrf = await csrfToken(services, cookie);
  if (membership.orgId !== remembered) writeCookie(cookie, ORG_COOKIE, membership.orgId, { secure: isSecure(services) });
  return {
    state: "member",
    email: user.email,
    memberships,
    membership,
    grant: sessionGrant({ orgId: membership.orgId, userId: user.userId, role: membership.role }),
    language,
    csrf,
  };
}

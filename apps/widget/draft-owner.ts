import type { Person } from "./panel-host.ts";

/**
 * Where the tab keeps the widget's draft and pending report (saved-report.ts), and whose they are. Apart
 * from saved-report.ts so that the loader, which forgets them when the person changes, stays small.
 */
export const DRAFT_KEY = "retour:draft";

/** One way of naming a person, said with its kind: a site's id "42" and a token's sub "42" may be two people. */
const kind = (name: string, value: unknown): string | undefined => (value == null ? undefined : `${name}:${value}`);

/**
 * Whom a single sign-on token names: its `sub`, else its e-mail, read from its payload (base64url JSON
 * of UTF-8, which atob alone would read as Latin-1) without checking its signature, which is the
 * service's to check: it only says whose draft it is.
 */
function named(token: string | undefined): string | undefined {
  try {
    const payload = atob(token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"));
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(payload, (byte) => byte.charCodeAt(0))));
    return kind("sub", claims.sub) ?? kind("email", claims.email);
  } catch {
    return undefined; // No token, or not a JWT: it names no one.
  }
}

/**
 * Who the person is, for whose draft it is: the site's `id`, else the e-mail, else whom the token names
 * (a site that identifies people by their token alone), each said with its kind ("id:42", "email:…",
 * "sub:…"); "" for no one. Never the token itself: a secret the tab would then keep, and one a site
 * renews for the same person. A draft saved before the kinds were said ("42") reads as another's and
 * is forgotten: a draft lives as long as the tab's session, so little is lost, and once.
 */
export const ownerOf = (person: Person): string => kind("id", person.id) ?? kind("email", person.email) ?? named(person.token) ?? "";

/**
 * Whether what `owner` wrote is another's than `person`'s: another person's, or that of one signed out
 * since. What no one wrote (before the site identified anyone: "I cannot sign in") is the next person's,
 * most likely its writer's, and theirs from then on.
 */
export const writtenByAnother = (owner: string | undefined, person: string): boolean => Boolean(owner) && owner !== person;

/** Forgets the tab's draft and pending report where another wrote them; what no one wrote, `person` adopts. */
export function forgetUnlessOwnedBy(person: string): void {
  try {
    const kept = sessionStorage.getItem(DRAFT_KEY);
    if (kept === null) return;
    const saved = JSON.parse(kept) as { owner?: string };
    if (writtenByAnother(saved.owner, person)) sessionStorage.removeItem(DRAFT_KEY);
    // Adopted: should they sign out, it is theirs to take away, not the next person's to find.
    else if (!saved.owner && person) sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...saved, owner: person }));
  } catch {
    // Unreadable, which recall() reads as nothing too, or the storage refused: nothing of theirs is shown.
  }
}

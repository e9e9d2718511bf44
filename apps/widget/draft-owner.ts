import type { Person } from "./panel-host.ts";

/**
 * Where the tab keeps the widget's draft and pending report (saved-report.ts), and whose they are. Apart
 * from saved-report.ts so that the loader, which forgets them when the person changes, stays small.
 */
export const DRAFT_KEY = "retour:draft";

/**
 * Whom a single sign-on token names: its `sub`, else its e-mail, read from its payload (base64url JSON)
 * without checking its signature, which is the service's to check: it only says whose draft it is.
 */
function named(token: string | undefined): string | undefined {
  try {
    const claims = JSON.parse(atob(token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")));
    return claims.sub ?? claims.email;
  } catch {
    return undefined; // No token, or not a JWT: it names no one.
  }
}

/**
 * Who the person is, for whose draft it is: the site's `id`, else the e-mail, else whom the token names
 * (a site that identifies people by their token alone); "" for no one. Never the token itself: a secret
 * the tab would then keep, and one a site renews for the same person.
 */
export const ownerOf = (person: Person): string => String(person.id ?? person.email ?? named(person.token) ?? "");

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

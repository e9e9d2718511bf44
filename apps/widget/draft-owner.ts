import type { Person } from "./panel-host.ts";

/**
 * Where the tab keeps the widget's draft and pending report (saved-report.ts), and whose they are. Apart
 * from saved-report.ts so that the loader, which forgets them when the person changes, stays small.
 */
export const DRAFT_KEY = "retour:draft";

/**
 * Who the person is, for whose draft it is: the site's `id`, else the e-mail; "" for no one. Not the token:
 * a secret the tab would then keep, and one a site renews for the same person.
 */
export const ownerOf = (person: Person): string => String(person.id ?? person.email ?? "");

/** Forgets the tab's draft and pending report unless `owner` wrote them: another person signed in, or no one. */
export function forgetUnlessOwnedBy(owner: string): void {
  try {
    if ((JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? "{}") as { owner?: string }).owner !== owner) sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Unreadable, which recall() reads as nothing too, or the storage refused: nothing of theirs is shown.
  }
}

import { apiKeyName } from "../api-keys/api-key-grant.ts";
import { trackerOf } from "../authorization.ts";

/**
 * Who did something, as pages and e-mails name them: a person by name (or e-mail), an API key by its
 * name, or the linked issue of a tracker (`github`, `linear`), which each says in its reader's language.
 */
export type Author = { readonly person: string } | { readonly apiKey: string } | { readonly tracker: string };

/** Who an author id stands for: the person read for it, by name or else e-mail; else the API key or the tracker it names; null for none. */
export function authorOf(id: string, person: { readonly name?: string; readonly email: string } | null | undefined): Author | null {
  if (person) return { person: person.name ?? person.email };
  const key = apiKeyName(id);
  if (key !== null) return { apiKey: key };
  const tracker = trackerOf(id);
  return tracker === null ? null : { tracker };
}

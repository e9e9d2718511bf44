import { apiKeyName } from "../api-keys/api-key-grant.ts";

/** Who did something, as pages and e-mails name them: a person by name (or e-mail), or an API key by its name, which each says in its reader's language. */
export type Author = { readonly person: string } | { readonly apiKey: string };

/** Who an author id stands for: the person read for it, by name or else e-mail; else the API key it names; null for neither. */
export function authorOf(id: string, person: { readonly name?: string; readonly email: string } | null | undefined): Author | null {
  if (person) return { person: person.name ?? person.email };
  const key = apiKeyName(id);
  return key === null ? null : { apiKey: key };
}

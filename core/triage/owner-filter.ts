import { normalizeEmail } from "../email.ts";
import { invalid, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { UserStore } from "../store/users.ts";

/**
 * The owner a list query asks for, as the store filters on it: `me` is the grant's person's
 * e-mail, `none` is null (owned by no one), any other value an e-mail; undefined when not asked.
 * An API key is no person: `me` is refused for it.
 */
export async function ownerFilter(
  deps: { store: Pick<UserStore, "findUser"> },
  grant: Grant,
  owner: string | undefined,
): Promise<Result<string | null | undefined>> {
  if (owner === undefined) return ok(undefined);
  if (owner === "none") return ok(null);
  if (owner !== "me") return ok(normalizeEmail(owner));
  // An API key and the operator's CLI act for the organization, no one in it.
  const me = grant.apiKey ? null : await deps.store.findUser(grant.userId);
  return me ? ok(me.email) : invalid("invalid_query", { field: "owner", reason: "no_person", given: owner });
}

import type { Role } from "../model.ts";
import type { Clock, Digest } from "../ports.ts";
import type { AccountStore } from "../store/accounts.ts";

export interface Membership {
  readonly orgId: string;
  readonly orgName: string;
  readonly role: Role;
}

/** The person behind a live session, with the organizations they belong to now. */
export interface SignedIn {
  readonly userId: string;
  readonly email: string;
  readonly memberships: readonly Membership[];
}

/** Who holds a session secret, or null when it is unknown or has expired. */
export async function resumeSession(
  deps: { store: Pick<AccountStore, "findSession" | "listMemberships">; clock: Clock; digest: Digest },
  secret: string,
): Promise<SignedIn | null> {
  const person = await deps.store.findSession(deps.digest(secret), deps.clock());
  if (!person) return null;
  return { ...person, memberships: await deps.store.listMemberships(person.userId) };
}

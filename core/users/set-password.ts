import { fail, ok, type Result } from "../errors.ts";
import type { Clock, Ids, PasswordHasher } from "../ports.ts";
import { codePoints } from "../schemas/text.ts";
import type { AccountStore } from "../store/accounts.ts";
import type { PasswordResetStore } from "../store/password-resets.ts";

const PASSWORD_MIN_LENGTH = 10;

export const strongEnough = (password: string): boolean => codePoints(password) >= PASSWORD_MIN_LENGTH;

/** 20 characters of a fresh secret, never starting with "-", which a command line would take for an option. */
const madePassword = (ids: Pick<Ids, "secret">): string => ids.secret().replace(/^-+/, "").slice(0, 20);

export interface PasswordDeps {
  readonly store: Pick<AccountStore, "setPassword" | "deleteUserSessions"> & Pick<PasswordResetStore, "closePasswordResets">;
  readonly passwords: Pick<PasswordHasher, "hash">;
  readonly ids: Pick<Ids, "secret">;
  readonly clock: Clock;
}

/**
 * Sets a person's password: the one given, at least 10 characters, or a new random one, and ends
 * the person's web sessions: a browser signed in with the former password is signed out. The reset
 * links they were sent close too: one left in a mailbox (the operator may be setting the password
 * because that mailbox is in the wrong hands) would otherwise set another behind their back. Returns
 * the password when it was made here, to be shown once.
 */
export async function setPassword(deps: PasswordDeps, userId: string, given?: string): Promise<Result<{ readonly generated: string | null }>> {
  if (given !== undefined && !strongEnough(given)) return fail("weak_password");
  const password = given ?? madePassword(deps.ids);
  await deps.store.setPassword(userId, await deps.passwords.hash(password));
  await deps.store.deleteUserSessions(userId);
  await deps.store.closePasswordResets(userId, deps.clock());
  return ok({ generated: given === undefined ? password : null });
}

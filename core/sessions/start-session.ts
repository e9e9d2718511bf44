import type { Clock, Digest, Ids } from "../ports.ts";
import type { AccountStore } from "../store/accounts.ts";
import { SESSION_TTL_MS } from "../oauth/lifetimes.ts";

interface StartedSession {
  /** The secret the browser keeps; only its digest is stored. */
  readonly secret: string;
  readonly lifetimeMs: number;
}

/** Opens a browser session for a person who has just proved who they are. */
export async function startSession(
  deps: { store: Pick<AccountStore, "createSession">; clock: Clock; ids: Pick<Ids, "secret">; digest: Digest },
  userId: string,
): Promise<StartedSession> {
  const secret = deps.ids.secret();
  const now = deps.clock();
  await deps.store.createSession(deps.digest(secret), userId, now, now + SESSION_TTL_MS);
  return { secret, lifetimeMs: SESSION_TTL_MS };
}

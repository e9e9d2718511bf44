import { openSealed } from "../open-sealed.ts";
import type { SecretBox } from "../ports.ts";
import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";
import { checkUnsubscribeLink, type UnsubscribeLink } from "./check-unsubscribe-link.ts";
import { type ReadLinkDeps, readUnsubscribeLink, type Stopped } from "./read-unsubscribe-link.ts";
import type { Removed } from "./unsubscribe.ts";

type ResubscribeDeps = ReadLinkDeps &
  Pick<Services, "clock"> & {
    readonly secrets: Pick<SecretBox, "open">;
    readonly store: Pick<FollowerStore, "addFollower">;
  };

/**
 * How long an undo serves: the page's "Subscribe again" is for second thoughts. Whoever holds an undo
 * (the mail service that unsubscribed in one click, someone the e-mail was forwarded to) must not
 * subscribe the person again after each later unsubscribe.
 */
const UNDO_MS = 24 * 3_600_000;

/**
 * Undoes an unsubscribe: writes back, as they were (language, name, tracking link), the follower
 * records that unsubscribing with this same link removed (`undo`, as unsubscribe sealed it). Answers
 * what follows again, named as before; null for a forged or altered link, or an undo that is not
 * this link's, does not open, or is older than UNDO_MS. A record the follower has again meanwhile is
 * kept as it is.
 */
export async function resubscribe(services: ResubscribeDeps, link: UnsubscribeLink, undo: string): Promise<Stopped[] | null> {
  if (!(await checkUnsubscribeLink(services, link))) return null;
  const removed = await openRemoved(services, undo);
  if (removed?.signature !== link.signature) return null;
  if (services.clock() - removed.at > UNDO_MS) return null;
  for (const follower of removed.followers) await services.store.addFollower(follower);
  return readUnsubscribeLink(services, link);
}

/** The records an undo holds; null when it does not open with this service's key, or holds anything else. */
async function openRemoved(services: { readonly secrets: Pick<SecretBox, "open"> }, undo: string): Promise<Removed | null> {
  const opened = undo ? await openSealed(services.secrets, undo) : null;
  try {
    const removed = opened && (JSON.parse(opened) as Removed);
    return removed && typeof removed.signature === "string" && Array.isArray(removed.followers) && typeof removed.at === "number" ? removed : null;
  } catch {
    return null;
  }
}

import type { SecretBox } from "../ports.ts";

/**
 * A follower's tracking link, opened for an e-mail; undefined when there is none, or when it was
 * sealed with a key the store has lost since (secret-key reset): the e-mail goes without it.
 */
export const openTrackingLink = (secrets: SecretBox, sealed: string | undefined): Promise<string | undefined> =>
  sealed ? secrets.open(sealed).catch(() => undefined) : Promise.resolve(undefined);

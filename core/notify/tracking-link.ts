import { openSealed } from "../open-sealed.ts";
import type { SecretBox } from "../ports.ts";

/** A follower's tracking link, opened for an e-mail; undefined when there is none, or when it no longer opens: the e-mail goes without it. */
export const openTrackingLink = async (secrets: Pick<SecretBox, "open">, sealed: string | undefined): Promise<string | undefined> =>
  (sealed && (await openSealed(secrets, sealed))) || undefined;

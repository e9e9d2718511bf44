import type { SecretBox } from "../ports.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { openSealed } from "../open-sealed.ts";

/** What a store keeps sealed with its key, to tell the key that opens it. */
export const CHECK = "retour: the key that seals this store's secrets";

type KeyDeps = { readonly store: Pick<ServiceSecretStore, "findKeyCheck" | "adoptKeyCheck" | "sealedSamples">; readonly secrets: SecretBox };

/**
 * Whether the key of this process is the one the store's secrets were sealed with. A process given
 * another key (a SECRET_KEY mistyped, a secret.key not restored with the database) would start,
 * then fail to open every webhook, tracker and Slack secret, and seal new ones no other process
 * can read. A store without a check yet (made before it) takes this key only if the key opens
 * one of the secrets the store already keeps.
 */
export async function keyOpensStore(deps: KeyDeps): Promise<boolean> {
  let kept = await deps.store.findKeyCheck();
  if (kept === null) {
    // The newest of each kind: one left unreadable by an earlier lost key does not refuse the right one.
    const samples = await deps.store.sealedSamples();
    const opened = await Promise.all(samples.map((sealed) => openSealed(deps.secrets, sealed)));
    if (samples.length > 0 && opened.every((text) => text === null)) return false;
    kept = await deps.store.adoptKeyCheck(await deps.secrets.seal(CHECK));
  }
  return (await openSealed(deps.secrets, kept)) === CHECK;
}

/**
 * Whether the store keeps anything sealed (the key check, or secrets from before it): a start with
 * no key at all then has lost the store's, and must not make a new one.
 */
export async function storeHoldsSealed(store: Pick<ServiceSecretStore, "findKeyCheck" | "sealedSamples">): Promise<boolean> {
  return (await store.findKeyCheck()) !== null || (await store.sealedSamples()).length > 0;
}

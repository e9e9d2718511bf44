import type { SecretBox } from "../ports.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { openSealed } from "../open-sealed.ts";

const CHECK = "retour: the key that seals this store's secrets";

type KeyDeps = { readonly store: Pick<ServiceSecretStore, "findKeyCheck" | "adoptKeyCheck" | "sealedSample">; readonly secrets: SecretBox };

/**
 * Whether the key of this process is the one the store's secrets were sealed with. A process given
 * another key (a SECRET_KEY mistyped, a secret.key not restored with the database) would start,
 * then fail to open every webhook, tracker and Slack secret, and seal new ones no other process
 * can read. A store without a check yet (made before it) takes this key's only if the key opens
 * a secret the store already keeps.
 */
export async function keyOpensStore(deps: KeyDeps): Promise<boolean> {
  let kept = await deps.store.findKeyCheck();
  if (kept === null) {
    const sample = await deps.store.sealedSample();
    if (sample !== null && (await openSealed(deps.secrets, sample)) === null) return false;
    kept = await deps.store.adoptKeyCheck(await deps.secrets.seal(CHECK));
  }
  return (await openSealed(deps.secrets, kept)) === CHECK;
}

/**
 * Gives the store this process's key, when the key its secrets were sealed with is lost: from now
 * on starts check against this one. The secrets sealed before stay unreadable; they are entered
 * again (webhook rotate, tracker set, slack set, portal sso-secret).
 */
export async function adoptNewKey(deps: { readonly store: Pick<ServiceSecretStore, "replaceKeyCheck">; readonly secrets: SecretBox }): Promise<void> {
  await deps.store.replaceKeyCheck(await deps.secrets.seal(CHECK));
}

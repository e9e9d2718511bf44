import type { SecretBox } from "../ports.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";

const CHECK = "retour: the key that seals this store's secrets";

/**
 * Whether the key of this process is the one the store's secrets were sealed with. A process given
 * another key (a SECRET_KEY mistyped, a secret.key not restored with the database) would start,
 * then fail to open every webhook, tracker and Slack secret, and seal new ones no other process
 * can read. A store without a check yet takes this key's.
 */
export async function keyOpensStore(deps: { store: Pick<ServiceSecretStore, "keyCheck">; secrets: SecretBox }): Promise<boolean> {
  const kept = await deps.store.keyCheck(await deps.secrets.seal(CHECK));
  return deps.secrets.open(kept).then(
    (text) => text === CHECK,
    () => false,
  );
}

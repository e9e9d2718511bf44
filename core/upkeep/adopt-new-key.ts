import type { SecretBox } from "../ports.ts";
import type { ServiceSecretStore } from "../store/service-secret.ts";
import { CHECK } from "./check-secret-key.ts";

/**
 * Gives the store this process's key, when the key its secrets were sealed with is lost: from now
 * on starts check against this one. The secrets sealed before stay unreadable; they are entered
 * again (webhook rotate, tracker set, slack set, portal sso-secret).
 */
export async function adoptNewKey(deps: { readonly store: Pick<ServiceSecretStore, "replaceKeyCheck">; readonly secrets: SecretBox }): Promise<void> {
  await deps.store.replaceKeyCheck(await deps.secrets.seal(CHECK));
}

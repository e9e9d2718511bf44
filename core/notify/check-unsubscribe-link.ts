import type { ServiceSecretStore } from "../store/service-secret.ts";
import { validUnsubscribe } from "./unsubscribe-link.ts";

export interface UnsubscribeLink {
  /** The feedback the link stops news of, or several, between commas (a changelog e-mail's). */
  readonly feedbackId: string;
  readonly email: string;
  readonly signature: string;
}

/** Checks a link's signature; a forged or altered link is "invalid", whatever the address. */
export async function checkUnsubscribeLink(
  services: { readonly store: Pick<ServiceSecretStore, "serviceSecret"> },
  link: UnsubscribeLink,
): Promise<boolean> {
  return validUnsubscribe(await services.store.serviceSecret(), link.feedbackId, link.email, link.signature);
}

import type { Digest } from "../ports.ts";
import type { PortalPeopleStore } from "../store/portal-people.ts";

/** Signs a person out of the portal: their session ends on the server, whatever the browser keeps. */
export async function endPortalSession(
  deps: { readonly store: Pick<PortalPeopleStore, "deletePortalSession">; readonly digest: Digest },
  secret: string,
): Promise<void> {
  await deps.store.deletePortalSession(deps.digest(secret));
}

import type { SignedIn } from "../sessions/resume-session.ts";
import type { OAuthStore } from "../store/oauth.ts";

/**
 * Whether an application already acts for a person in one of their organizations, which allowing
 * it again replaces (replacedBy): what the consent page tells this person alone.
 */
export const alreadyConnected = (
  deps: { store: Pick<OAuthStore, "hasAgent"> },
  person: Pick<SignedIn, "userId" | "memberships">,
  clientId: string,
): Promise<boolean> =>
  deps.store.hasAgent(
    clientId,
    person.userId,
    person.memberships.map((m) => m.orgId),
  );

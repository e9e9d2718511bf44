import { RETURN_TO_PARAM } from "../schemas/portal.ts";

/**
 * How the portal sends a person to the organization's own sign-in (single sign-on): a function
 * giving its address with the portal's page to come back to as `return_to`. Null where the portal
 * has no such address, or no SSO secret yet: every token that sign-in sent back would be refused,
 * so sending people there would only lead them to a refusal.
 */
export function organizationSignIn(portal: { readonly signInUrl: string | null }, hasSecret: boolean): ((returnTo: string) => string) | null {
  const { signInUrl } = portal;
  if (signInUrl === null || !hasSecret) return null;
  return (returnTo) => {
    const address = new URL(signInUrl);
    address.searchParams.set(RETURN_TO_PARAM, returnTo);
    return address.href;
  };
}

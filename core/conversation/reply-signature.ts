import type { PortalRecord } from "../store/portals.ts";

/**
 * Who a team's public reply is signed by for the people outside the team, as the portal signs it
 * (with a "Team" mark beside it): the member's name, else the portal's title (the organization's
 * name unless the team renamed it). Undefined: neither, and the reader's words say "the team".
 * The tracking page and the e-mail of the same reply sign it alike.
 */
export const replySignature = (memberName: string | undefined, portal: Pick<PortalRecord, "title"> | null): string | undefined =>
  memberName || portal?.title || undefined;

import { fail, ok, type Result } from "../errors.ts";
import type { Clock } from "../ports.ts";
import type { SlackConnection, SlackStore } from "../store/slack.ts";
import { openSlackSecrets, type SlackSecretDeps } from "./connect-slack.ts";
import { checkSlackSignature } from "./signature.ts";

/** A request as Slack sent it, before anything in it is parsed. */
interface SignedSlackRequest {
  /** The organization the request URL names (`?org=`): its signing secret is the one tried. */
  readonly orgId: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly rawBody: string;
}

/**
 * The organization's Slack connection when the request is signed with its signing secret and
 * fresh; otherwise `invalid_signature`, whatever was wrong (an unknown organization included, so
 * the answer tells nothing about which organizations exist).
 */
export async function verifySlackRequest(
  services: SlackSecretDeps & { readonly clock: Clock; readonly store: Pick<SlackStore, "findSlackConnection"> },
  request: SignedSlackRequest,
): Promise<Result<SlackConnection>> {
  const connection = request.orgId ? await services.store.findSlackConnection(request.orgId) : null;
  if (!connection) return fail("invalid_signature");
  const secrets = await openSlackSecrets(services, connection);
  if (!secrets) return fail("invalid_signature");
  const check = await checkSlackSignature(secrets.signingSecret, request, Math.floor(services.clock() / 1000));
  return check === "valid" ? ok(connection) : fail("invalid_signature");
}

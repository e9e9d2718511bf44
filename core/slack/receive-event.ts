import type { Clock } from "../ports.ts";
import type { SlackConnection, SlackStore } from "../store/slack.ts";
import { fromConnectedWorkspace, type SlackWorkspace } from "./workspace.ts";

/** Slack retries a delivery for about an hour; its id is remembered for a day. */
const EVENT_MEMORY_MS = 24 * 60 * 60_000;

/**
 * An Events API delivery, signed and fresh: a retry of one already handled (same `event_id`) is
 * dropped; `app_uninstalled`, or `tokens_revoked` naming a bot's token, disconnects the
 * organization's Slack app (its token no longer works; a user's token, of which it holds none, ends nothing).
 * One from another workspace the app is installed in is about that workspace's installation, not
 * this organization's: it is dropped too. Whether it was handled now (false: dropped).
 */
export async function receiveSlackEvent(
  services: { readonly clock: Clock; readonly store: Pick<SlackStore, "recordSlackEvent" | "removeSlackConnection"> },
  connection: SlackConnection,
  event: { readonly eventId: string; readonly type: string; readonly from: SlackWorkspace; readonly revokedBots: number },
): Promise<boolean> {
  if (!fromConnectedWorkspace(connection, event.from)) return false;
  const first = await services.store.recordSlackEvent(connection.orgId, event.eventId, services.clock() + EVENT_MEMORY_MS);
  if (!first) return false;
  const ended = event.type === "app_uninstalled" || (event.type === "tokens_revoked" && event.revokedBots > 0);
  if (ended) await services.store.removeSlackConnection(connection.orgId);
  return true;
}

import { originAllowed } from "../apps/browser-collection.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { ReportSource } from "../model.ts";
import type { ChannelContext, CollectionStore } from "../store/collection.ts";

/** What opening a channel reads. */
export type ChannelDeps = { readonly store: Pick<CollectionStore, "findChannelByKey"> };

/**
 * Who sends a report: a server (on an api or form channel), or a page in a browser (on a widget
 * channel, from an origin the app allows). Anyone who knows a key can send with it, so the widget's
 * keys only work where the browser vouches for the page's origin.
 */
export type Sender = { readonly via: "server" } | { readonly via: "browser"; readonly origin: string | null };
export const SERVER: Sender = { via: "server" };

const CHANNELS_OF: Readonly<Record<Sender["via"], readonly ReportSource[]>> = { server: ["api", "form"], browser: ["widget"] };

/** Whether this sender may send on a channel of this kind. */
export const sendsOn = (sender: Sender, kind: ReportSource): boolean => CHANNELS_OF[sender.via].includes(kind);

/**
 * Resolves a channel key to a channel that may receive reports from this sender. A key of the wrong
 * kind is refused in the words of the door it came to: `field` names where the request carried it.
 */
export async function openChannel(services: ChannelDeps, key: string, sender: Sender = SERVER, field = "publicKey"): Promise<Result<ChannelContext>> {
  const context = await services.store.findChannelByKey(key);
  if (!context) return fail("unknown_app");
  if (!sendsOn(sender, context.channel.kind))
    return invalid("channel_mismatch", { field, reason: sender.via === "browser" ? "widget_key_only" : "server_key_only" });
  if (sender.via === "browser" && !originAllowed(context.app, sender.origin)) return fail("origin_not_allowed");
  if (!context.channel.active) return fail("channel_inactive");
  return ok(context);
}

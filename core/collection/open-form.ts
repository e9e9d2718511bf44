import { fail, type Result } from "../errors.ts";
import type { ChannelContext } from "../store/collection.ts";
import { type ChannelDeps, openChannel } from "./open-channel.ts";

/** The hosted form of a form channel: found only while the channel is active. */
export async function openForm(deps: ChannelDeps, key: string): Promise<Result<ChannelContext>> {
  const channel = await openChannel(deps, key);
  return channel.ok && channel.value.channel.kind === "form" ? channel : fail("not_found");
}

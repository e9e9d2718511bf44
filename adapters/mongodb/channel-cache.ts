import type { ChannelContext } from "../../core/store/collection.ts";
import { type Database, fromDocument } from "./database.ts";
import { organizationOf } from "./organization.ts";

const VERSION_ID = "catalog_version";

/**
 * Moves the catalog version. Every change this store makes to channels, apps or an organization's
 * settings calls it once the change is written, whichever process makes it (server, CLI, import).
 */
export async function touchCatalog(data: Database): Promise<void> {
  await data.collection("meta").updateOne({ _id: VERSION_ID }, { $inc: { n: 1 } }, { upsert: true });
}

/** Channels remembered at most; past it the cache starts again (a server rarely serves more). */
const CACHE_SIZE = 1_000;

/**
 * What channel keys open, cached: one read of the version instead of three (channel, then app and
 * organization). Each entry keeps the version read before its lookup, and only serves a request
 * that read the same version: the version moves after a change is written, so an entry read
 * around a change is never served after it, even when lookups of one process interleave.
 */
export function channelCache(data: Database) {
  const cached = new Map<string, { readonly version: number; readonly context: ChannelContext }>();
  return {
    async get(key: string): Promise<ChannelContext | null> {
      const version = (await data.collection("meta").findOne({ _id: VERSION_ID }))?.n ?? 0;
      const hit = cached.get(key);
      if (hit && hit.version === version) return hit.context;
      const channel = await data.collection("channels").findOne({ key });
      if (!channel) return null;
      const [app, organization] = await Promise.all([
        data.collection("apps").findOne({ _id: channel.appId }),
        data.collection("organizations").findOne({ _id: channel.orgId }),
      ]);
      if (!app || !organization) return null;
      const context = {
        channel: fromDocument<ChannelContext["channel"]>(channel),
        app: fromDocument<ChannelContext["app"]>(app),
        organization: organizationOf(organization),
      };
      if (cached.size >= CACHE_SIZE) cached.clear();
      cached.set(key, { version, context });
      return context;
    },
  };
}

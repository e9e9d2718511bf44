import type { Database } from "bun:sqlite";
import type { ChannelContext } from "../../core/store/collection.ts";
import { type AppRow, type ChannelRow, type OrganizationRow, toApp, toChannel, toOrganization } from "./rows.ts";

/** Channels remembered at most; past it the cache starts again (a server rarely serves more). */
const CACHE_SIZE = 1_000;

/**
 * What channel keys open, cached: every report reads it, and three lookups cost about five times
 * the one-row read that tells whether the catalog changed since (triggers move `catalog_version`
 * whenever a channel, an app or an organization's settings change, whoever changes them).
 */
export function channelCache(db: Database) {
  let version = -1;
  const cached = new Map<string, ChannelContext>();
  return {
    get(key: string): ChannelContext | null {
      const current = db.query<{ n: number }, []>("SELECT n FROM catalog_version").get()!.n;
      if (current !== version || cached.size >= CACHE_SIZE) {
        cached.clear();
        version = current;
      }
      const hit = cached.get(key);
      if (hit) return hit;
      // Three point lookups: they cost a tenth of one three-table join here.
      const channel = db.query<ChannelRow, [string]>("SELECT * FROM channels WHERE key = ?").get(key);
      if (!channel) return null;
      const app = db.query<AppRow, [string]>("SELECT * FROM apps WHERE id = ?").get(channel.app_id)!;
      const organization = db.query<OrganizationRow, [string]>("SELECT * FROM organizations WHERE id = ?").get(channel.org_id)!;
      const context = { channel: toChannel(channel), app: toApp(app), organization: toOrganization(organization) };
      cached.set(key, context);
      return context;
    },
  };
}

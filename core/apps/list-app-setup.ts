import { authorize, can } from "../authorization.ts";
import { ok, type Result } from "../errors.ts";
import type { AppRecord, Channel, FeatureRecord, Grant } from "../model.ts";
import type { AppSetupStore } from "../store/app-setup.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { HelpCenterStore } from "../store/help-center.ts";

/**
 * A channel as the settings show it: its key only to those who manage the organization; to the
 * others its last characters, which tell two channels of one kind apart and open nothing.
 */
type ChannelView = Omit<Channel, "key"> & { readonly key: string | null; readonly keyEnd: string };

/** How many of a key's last characters anyone who reads the settings sees. */
const KEY_END = 4;

export interface AppSetup {
  readonly app: AppRecord;
  readonly channels: readonly ChannelView[];
  readonly features: readonly FeatureRecord[];
  readonly helpArticles: number;
}

/** The organization's apps with their channels, feature maps and help centers, as the settings show them. */
export async function listAppSetup(
  deps: { store: Pick<CatalogStore, "listApps" | "listFeatures"> & Pick<AppSetupStore, "listChannels"> & Pick<HelpCenterStore, "listHelpArticles"> },
  grant: Grant,
  appId?: string,
): Promise<Result<AppSetup[]>> {
  const allowed = authorize(grant, "organization.read");
  if (!allowed.ok) return allowed;
  const showKeys = can(grant, "organization.manage");
  const [apps, channels] = await Promise.all([deps.store.listApps(grant.orgId), deps.store.listChannels(grant.orgId)]);
  const setups = await Promise.all(
    apps
      .filter((app) => appId === undefined || app.id === appId)
      .map(async (app) => {
        const [features, articles] = await Promise.all([
          deps.store.listFeatures(grant.orgId, app.id),
          deps.store.listHelpArticles(grant.orgId, app.id),
        ]);
        const own = channels.filter((c) => c.appId === app.id).map((c) => ({ ...c, key: showKeys ? c.key : null, keyEnd: c.key.slice(-KEY_END) }));
        return { app, channels: own, features, helpArticles: articles.length };
      }),
  );
  return ok(setups);
}

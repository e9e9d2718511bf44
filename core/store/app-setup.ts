import type { GroupingMode } from "../grouping/decision.ts";
import type { AppRecord, BrowserCollection, Channel } from "../model.ts";
import type { FeatureDefinition } from "../schemas/catalog.ts";

/** How an app is set up: the app itself, its channels, its feature map, how it collects and groups. */
export interface AppSetupStore {
  /** Creates the app unless the organization already has `limit` apps; false then. */
  createApp(app: AppRecord, limit: number): Promise<boolean>;
  /** Replaces how the app collects from browsers; false when the organization has no such app. */
  setBrowserCollection(orgId: string, appId: string, browser: BrowserCollection): Promise<boolean>;
  /** Sets how grouping treats the app's duplicates; false when the organization has no such app. */
  setGroupingMode(orgId: string, appId: string, mode: GroupingMode): Promise<boolean>;
  /** Creates the channel unless its app already has `limit` channels, disabled ones included; false then. */
  createChannel(channel: Channel, limit: number): Promise<boolean>;
  listChannels(orgId: string, appId?: string): Promise<Channel[]>;
  setChannelActive(orgId: string, channelIdOrKey: string, active: boolean): Promise<boolean>;
  replaceFeatures(orgId: string, appId: string, features: ReadonlyArray<FeatureDefinition & { id: string }>): Promise<void>;
}

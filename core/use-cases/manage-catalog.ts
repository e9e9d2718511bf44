import type { ArticleFile, FeatureFile } from "../catalog-files.ts";
import type { AppRecord, Channel, ChannelKind } from "../model.ts";
import type { App } from "../schemas/catalog.ts";
import type { Services } from "../services.ts";

/** Operators' changes to an organization's apps, channels, feature maps and help centers (CLI and settings pages). */

export async function createApp(
  services: Services,
  orgId: string,
  input: { name: string; kind: App["kind"]; description?: string },
): Promise<AppRecord> {
  const app: AppRecord = { id: services.ids.id(), orgId, ...input };
  await services.store.createApp(app);
  return app;
}

/** A new, active channel; its key is what a customer's server or form sends reports with. */
export async function addChannel(services: Services, app: AppRecord, kind: ChannelKind): Promise<Channel> {
  const key = `${kind === "api" ? "pk" : kind}_${services.ids.secret().slice(0, 24)}`;
  const channel: Channel = { id: services.ids.id(), orgId: app.orgId, appId: app.id, kind, key, active: true };
  await services.store.createChannel(channel);
  return channel;
}

/** Replaces an app's feature map; a feature without an id gets a stable one from its path. */
export async function importFeatures(services: Services, app: AppRecord, features: ReadonlyArray<FeatureFile[number]>): Promise<number> {
  await services.store.replaceFeatures(
    app.orgId,
    app.id,
    features.map((f) => ({ ...f, id: f.id ?? `${app.id}:${f.path}` })),
  );
  return features.length;
}

/** Replaces an app's help-center articles. */
export async function importHelpArticles(services: Services, app: AppRecord, articles: ReadonlyArray<ArticleFile[number]>): Promise<number> {
  await services.store.replaceHelpArticles(
    app.orgId,
    app.id,
    articles.map((a) => ({ ...a, id: services.ids.id() })),
  );
  return articles.length;
}

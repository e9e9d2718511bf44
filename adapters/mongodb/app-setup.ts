import type { AppSetupStore } from "../../core/store/app-setup.ts";
import type { Channel } from "../../core/model.ts";
import { touchCatalog } from "./channel-cache.ts";
import { countOf, insertCounted } from "./counted-places.ts";
import { type Database, fromDocument, toDocument } from "./database.ts";

export function appSetupStore(data: Database): AppSetupStore {
  return {
    async createApp(app, limit) {
      const apps = data.collection("apps");
      const created = await insertCounted(data, {
        orgId: app.orgId,
        field: "appCount",
        limit,
        held: (session) => countOf(apps.find({ orgId: app.orgId }, { session })),
        insert: (session) => apps.insertOne(toDocument(app), { session }),
      });
      if (created) await touchCatalog(data);
      return created;
    },
    async setGroupingMode(orgId, appId, groupingMode) {
      return (await data.collection("apps").updateOne({ _id: appId, orgId }, { $set: { groupingMode } })).matchedCount === 1;
    },
    async setBrowserCollection(orgId, appId, browser) {
      const found = (await data.collection("apps").updateOne({ _id: appId, orgId }, { $set: { browser } })).matchedCount === 1;
      await touchCatalog(data);
      return found;
    },
    async createChannel(channel, limit) {
      const channels = data.collection("channels");
      // Counted on the organization, whose document no reader copies whole, unlike an app's.
      const created = await insertCounted(data, {
        orgId: channel.orgId,
        field: `channelCounts.${channel.appId}`,
        limit,
        held: (session) => countOf(channels.find({ orgId: channel.orgId, appId: channel.appId }, { session })),
        insert: (session) => channels.insertOne(toDocument(channel), { session }),
      });
      if (created) await touchCatalog(data);
      return created;
    },
    async listChannels(orgId, appId) {
      const found = await data
        .collection("channels")
        .find({ orgId, ...(appId && { appId }) })
        .sort(appId ? { kind: 1, _id: 1 } : { appId: 1, kind: 1, _id: 1 })
        .toArray();
      return found.map((c) => fromDocument<Channel>(c));
    },
    async setChannelActive(orgId, idOrKey, active) {
      const changed = await data.collection("channels").updateOne({ orgId, $or: [{ _id: idOrKey }, { key: idOrKey }] }, { $set: { active } });
      await touchCatalog(data);
      return changed.matchedCount === 1;
    },
    async replaceFeatures(orgId, appId, features) {
      await data.transaction(async (session) => {
        const ids = features.map((f) => f.id);
        await data.collection("features").deleteMany({ orgId, appId, _id: { $nin: ids } }, { session });
        // An id taken by another app's feature is left to it, as the SQLite store does.
        const taken = new Set(
          (
            await data
              .collection("features")
              .find({ _id: { $in: ids }, $or: [{ orgId: { $ne: orgId } }, { appId: { $ne: appId } }] }, { session })
              .toArray()
          ).map((f) => String(f._id)),
        );
        for (const f of features.filter((f) => !taken.has(f.id))) {
          await data
            .collection("features")
            .replaceOne({ _id: f.id }, { ...toDocument({ ...f, orgId, appId }), _id: f.id }, { upsert: true, session });
        }
      });
    },
  };
}

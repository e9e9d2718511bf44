import { statusesOf } from "../../core/feedback/status.ts";
import type { AppRecord, FeatureRecord } from "../../core/model.ts";
import { inNameOrder } from "../../core/catalog/app-order.ts";
import type { CatalogStore } from "../../core/store/catalog.ts";
import { type Database, fromDocument } from "./database.ts";
import { NOT_MERGED } from "./feedbacks.ts";

const OPEN_STATUSES = statusesOf("open");

/** Apps and their feature maps, as the inbox and the assistant read them. */
export function catalogStore(data: Database): CatalogStore {
  const feedbacks = () => data.collection("feedbacks");
  return {
    async listApps(orgId) {
      return inNameOrder((await data.collection("apps").find({ orgId }).toArray()).map((a) => fromDocument<AppRecord>(a)));
    },

    async findApp(orgId, appId) {
      const found = await data.collection("apps").findOne({ orgId, _id: appId });
      return found ? fromDocument(found) : null;
    },

    async listFeatures(orgId, appId) {
      const features = (await data.collection("features").find({ orgId, appId }).sort({ path: 1, _id: 1 }).toArray()).map((f) =>
        fromDocument<FeatureRecord>(f),
      );
      const counts = await feedbacks()
        .aggregate<{ _id: string; n: number }>([
          { $match: { orgId, featureId: { $in: features.map((f) => f.id) }, status: { $in: [...OPEN_STATUSES] }, ...NOT_MERGED } },
          { $group: { _id: "$featureId", n: { $sum: 1 } } },
        ])
        .toArray();
      const open = new Map(counts.map((c) => [c._id, c.n]));
      return features.map((f) => ({ ...f, openFeedbacks: open.get(f.id) ?? 0 }));
    },

    async findFeature(orgId, featureId) {
      const found = await data.collection("features").findOne({ orgId, _id: featureId });
      return found ? fromDocument<FeatureRecord>(found) : null;
    },
  };
}

import type { SavedView, SavedViewStore } from "../../core/store/saved-views.ts";
import { type Database, fromDocument, toDocument } from "./database.ts";

export function savedViewStore(data: Database): SavedViewStore {
  const views = () => data.collection("saved_views");
  return {
    async saveView(view) {
      await views().insertOne(toDocument(view));
    },
    async listViews(orgId, userId) {
      return (await views().find({ orgId, userId }).sort({ createdAt: 1, _id: 1 }).toArray()).map((d) => fromDocument<SavedView>(d));
    },
    async deleteView(orgId, userId, id) {
      return (await views().deleteOne({ _id: id, orgId, userId })).deletedCount === 1;
    },
  };
}

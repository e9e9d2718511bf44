import type { Follower } from "../../core/model.ts";
import type { FollowerStore } from "../../core/store/followers.ts";
import { compoundId, type Database, isDuplicateKey, plain } from "./database.ts";

/** Who follows a feedback, and which notifications each was sent (claimed, then confirmed). */
export function followerStore(data: Database): FollowerStore {
  return {
    async countFollowers(feedbackIds) {
      if (feedbackIds.length === 0) return new Map();
      const found = await data
        .collection("followers")
        .find({ feedbackId: { $in: [...feedbackIds] } }, { projection: { feedbackId: 1 } })
        .toArray();
      const counts = new Map<string, number>();
      for (const f of found) counts.set(f.feedbackId, (counts.get(f.feedbackId) ?? 0) + 1);
      return counts;
    },

    async listFollowers(feedbackId) {
      return (await data.collection("followers").find({ feedbackId }).toArray()).map((f) => plain<Follower>(f));
    },

    async listFollowersOf(feedbackIds) {
      if (feedbackIds.length === 0) return [];
      return (
        await data
          .collection("followers")
          .find({ feedbackId: { $in: [...feedbackIds] } })
          .toArray()
      ).map((f) => plain<Follower>(f));
    },

    async addFollower(f) {
      const { email } = f;
      await data.collection("followers").updateOne(
        { _id: compoundId(f.feedbackId, email) },
        {
          $setOnInsert: { feedbackId: f.feedbackId, email, language: f.language, ...(f.trackingSealed && { trackingSealed: f.trackingSealed }) },
          ...(f.name && { $set: { name: f.name } }),
        },
        { upsert: true },
      );
    },

    async removeFollower(feedbackId, email) {
      return (await data.collection("followers").deleteOne({ _id: compoundId(feedbackId, email) })).deletedCount === 1;
    },

    async claimNotification(feedbackId, email, key, at, leaseMs) {
      const id = compoundId(feedbackId, email, key);
      try {
        await data.collection("notifications").insertOne({ _id: id, feedbackId, email, key, at, sentAt: null });
        return "claimed";
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      // Taken over only when unconfirmed and its lease has run out.
      const taken = await data.collection("notifications").updateOne({ _id: id, sentAt: null, at: { $lte: at - leaseMs } }, { $set: { at } });
      if (taken.modifiedCount === 1) return "claimed";
      const found = await data.collection("notifications").findOne({ _id: id }, { projection: { sentAt: 1 } });
      return found?.sentAt != null ? "sent" : "held";
    },

    async confirmNotification(feedbackId, email, key, at) {
      await data.collection("notifications").updateOne({ _id: compoundId(feedbackId, email, key) }, { $set: { sentAt: at } });
    },

    async listNotifications(feedbackId) {
      const sent = await data
        .collection("notifications")
        .find({ feedbackId, sentAt: { $ne: null } })
        .sort({ sentAt: 1, _id: 1 })
        .toArray();
      return sent.map((n) => ({ email: n.email as string, key: n.key as string, sentAt: n.sentAt as number }));
    },

    async releaseNotification(feedbackId, email, key) {
      await data.collection("notifications").deleteOne({ _id: compoundId(feedbackId, email, key) });
    },
  };
}

import type { AppTracker, TrackerStore } from "../../core/store/trackers.ts";
import type { Database, Document } from "./database.ts";
import { toFeedback } from "./feedbacks.ts";

const toTracker = (d: Document): AppTracker => ({
  orgId: d.orgId,
  appId: String(d._id),
  provider: d.provider,
  settingsSealed: d.settingsSealed,
  ...(d.lastFailure && { lastFailure: d.lastFailure }),
});

export function trackerStore(data: Database): TrackerStore {
  return {
    async setAppTracker(t) {
      await data.collection("app_trackers").replaceOne(
        { _id: t.appId },
        {
          orgId: t.orgId,
          provider: t.provider,
          settingsSealed: t.settingsSealed,
          project: t.project,
          ...(t.lastFailure && { lastFailure: t.lastFailure }),
        },
        { upsert: true },
      );
    },
    async setTrackerSettings(orgId, appId, settings, expected) {
      const written = await data
        .collection("app_trackers")
        .updateOne({ _id: appId, orgId, settingsSealed: expected }, { $set: { settingsSealed: settings.settingsSealed, project: settings.project } });
      return written.matchedCount === 1;
    },
    async removeAppTracker(orgId, appId) {
      return (await data.collection("app_trackers").deleteOne({ _id: appId, orgId })).deletedCount === 1;
    },
    async findAppTracker(orgId, appId) {
      const found = await data.collection("app_trackers").findOne({ _id: appId, orgId });
      return found ? toTracker(found) : null;
    },
    async recordTrackerFailure(orgId, appId, failure) {
      await data.collection("app_trackers").updateOne({ _id: appId, orgId }, { $set: { lastFailure: failure } });
    },
    async clearTrackerFailure(orgId, appId, before) {
      await data.collection("app_trackers").updateOne({ _id: appId, orgId, "lastFailure.at": { $lt: before } }, { $unset: { lastFailure: "" } });
    },
    async findAppTrackersByProject(provider, project) {
      return (await data.collection("app_trackers").find({ provider, project }).toArray()).map(toTracker);
    },
    async setFeedbackTracker(orgId, feedbackId, link) {
      await data.collection("feedbacks").updateOne({ _id: feedbackId, orgId }, { $set: { tracker: link } });
    },
    async claimTrackerOpening(orgId, feedbackId, now, leaseMs) {
      const claimed = await data
        .collection("feedbacks")
        .updateOne(
          { _id: feedbackId, orgId, tracker: null, $or: [{ trackerOpeningUntil: { $exists: false } }, { trackerOpeningUntil: { $lte: now } }] },
          { $set: { trackerOpeningUntil: now + leaseMs } },
        );
      return claimed.matchedCount === 1;
    },
    async releaseTrackerOpening(orgId, feedbackId, until) {
      await data.collection("feedbacks").updateOne({ _id: feedbackId, orgId, trackerOpeningUntil: until }, { $unset: { trackerOpeningUntil: "" } });
    },
    async refreshFeedbackTracker(orgId, feedbackId, link) {
      const updated = await data.collection("feedbacks").updateOne({ _id: feedbackId, orgId, "tracker.key": link.key }, { $set: { tracker: link } });
      return updated.matchedCount === 1;
    },
    async findFeedbacksByTracker(orgId, key) {
      const found = await data
        .collection("feedbacks")
        .find({ orgId, "tracker.key": key, mergedInto: { $exists: false } })
        .sort({ _id: 1 })
        .toArray();
      return found.map(toFeedback);
    },
  };
}

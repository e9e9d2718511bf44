import type { SlackConnection, SlackStore } from "../../core/store/slack.ts";
import { compoundId, type Database, type Document, expiryDate } from "./database.ts";

const toConnection = (d: Document): SlackConnection => ({
  orgId: String(d._id),
  secretsSealed: d.secretsSealed,
  kinds: d.kinds,
  ...(d.appId && { appId: d.appId }),
  ...(d.channel && { channel: d.channel }),
  ...(d.minSeverity && { minSeverity: d.minSeverity }),
  ...(d.apiUrl && { apiUrl: d.apiUrl }),
  ...(d.teamId && { teamId: d.teamId }),
  ...(d.enterpriseId && { enterpriseId: d.enterpriseId }),
  ...(d.lastFailure && { lastFailure: d.lastFailure }),
});

export function slackStore(data: Database): SlackStore {
  return {
    async setSlackConnection({ orgId, ...connection }) {
      await data.collection("slack_connections").replaceOne({ _id: orgId }, connection, { upsert: true });
    },
    async findSlackConnection(orgId) {
      const found = await data.collection("slack_connections").findOne({ _id: orgId });
      return found ? toConnection(found) : null;
    },
    async removeSlackConnection(orgId) {
      await data.collection("slack_connections").deleteOne({ _id: orgId });
    },
    async recordSlackFailure(orgId, failure) {
      await data.collection("slack_connections").updateOne({ _id: orgId }, { $set: { lastFailure: failure } });
    },
    async clearSlackFailure(orgId, before) {
      await data.collection("slack_connections").updateOne({ _id: orgId, "lastFailure.at": { $lt: before } }, { $unset: { lastFailure: "" } });
    },
    async recordSlackEvent(orgId, eventId, expiresAt) {
      // An upsert that inserts only: a retry finds the delivery's document and changes nothing.
      const written = await data
        .collection("slack_events")
        .updateOne({ _id: compoundId(orgId, eventId) }, { $setOnInsert: { expiresAt, expiresAtDate: expiryDate(expiresAt) } }, { upsert: true });
      return written.upsertedCount === 1;
    },
  };
}

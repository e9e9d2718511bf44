import type { Channel, Role } from "../../core/model.ts";
import type { AdminStore } from "../../core/store.ts";
import { touchCatalog } from "./channel-cache.ts";
import { organizationOf } from "./organization.ts";
import { compoundId, type Database, expiryDate, fromDocument, toDocument } from "./database.ts";

export function adminStore(data: Database): AdminStore {
  const organizations = () => data.collection("organizations");
  return {
    async createOrganization(org) {
      await organizations().insertOne({ ...toDocument(org), nextSeq: 1, webhookCount: 0 });
      await touchCatalog(data);
    },
    async findOrganization(idOrPrefix) {
      const found = await organizations().findOne({ $or: [{ _id: idOrPrefix }, { keyPrefix: idOrPrefix }] });
      return found ? organizationOf(found) : null;
    },
    async listOrganizations() {
      return (await organizations().find({}).sort({ name: 1 }).toArray()).map(organizationOf);
    },
    async quotaUsed(orgId, month) {
      return (await data.collection("quota").findOne({ _id: compoundId(orgId, month) }))?.used ?? 0;
    },
    async setPlan(orgId, plan, quotaOverride) {
      const found = (await organizations().updateOne({ _id: orgId }, { $set: { plan, quotaOverride } })).matchedCount === 1;
      await touchCatalog(data);
      return found;
    },
    async createApp(app) {
      await data.collection("apps").insertOne(toDocument(app));
      await touchCatalog(data);
    },
    async setBrowserCollection(orgId, appId, browser) {
      const found = (await data.collection("apps").updateOne({ _id: appId, orgId }, { $set: { browser } })).matchedCount === 1;
      await touchCatalog(data);
      return found;
    },
    async setGroupingMode(orgId, appId, groupingMode) {
      return (await data.collection("apps").updateOne({ _id: appId, orgId }, { $set: { groupingMode } })).matchedCount === 1;
    },
    async createChannel(channel) {
      await data.collection("channels").insertOne(toDocument(channel));
      await touchCatalog(data);
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
    async createUser(user) {
      await data.collection("users").insertOne(toDocument(user));
    },
    async findUserByEmail(email) {
      const found = await data.collection("users").findOne({ email });
      return found ? fromDocument<{ id: string; email: string; name?: string }>(found, ["passwordHash"]) : null;
    },
    async findUser(id) {
      const found = await data.collection("users").findOne({ _id: id });
      return found ? fromDocument<{ id: string; email: string; name?: string }>(found, ["passwordHash"]) : null;
    },
    async setMembership(orgId, userId, role) {
      await data.collection("memberships").updateOne({ _id: compoundId(orgId, userId) }, { $set: { orgId, userId, role } }, { upsert: true });
    },
    async removeMembership(orgId, userId) {
      return (await data.collection("memberships").deleteOne({ _id: compoundId(orgId, userId) })).deletedCount === 1;
    },
    async listMembers(orgId) {
      const memberships = await data.collection("memberships").find({ orgId }).toArray();
      const users = await data
        .collection("users")
        .find({ _id: { $in: memberships.map((m) => m.userId) } })
        .toArray();
      const emails = new Map(users.map((u) => [String(u._id), u.email as string]));
      return memberships
        .map((m) => ({ userId: m.userId as string, email: emails.get(m.userId) ?? "", role: m.role as Role }))
        .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    },
    async createToken(t) {
      await data.collection("tokens").insertOne({
        ...toDocument({ ...t, scopes: [...t.scopes] }),
        kind: "personal",
        revokedAt: null,
        lastUsedAt: null,
        ...(t.expiresAt !== null && { expiresAtDate: expiryDate(t.expiresAt) }),
      });
    },
    async listTokens(orgId) {
      const found = await data.collection("tokens").find({ orgId }).sort({ createdAt: 1 }).toArray();
      return found.map((t) => ({
        id: String(t._id),
        userId: t.userId,
        label: t.label,
        scopes: t.scopes,
        createdAt: t.createdAt,
        expiresAt: t.expiresAt ?? null,
        lastUsedAt: t.lastUsedAt ?? null,
        revoked: t.revokedAt !== null && t.revokedAt !== undefined,
      }));
    },
    async revokeToken(orgId, tokenId, at) {
      return (await data.collection("tokens").updateOne({ orgId, _id: tokenId, revokedAt: null }, { $set: { revokedAt: at } })).modifiedCount === 1;
    },
  };
}

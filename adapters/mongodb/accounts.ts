import type { Role } from "../../core/model.ts";
import type { AccountStore } from "../../core/store/accounts.ts";
import { type Database, expiryDate } from "./database.ts";

export function accountStore(data: Database): AccountStore {
  return {
    async findCredentials(email) {
      const user = await data.collection("users").findOne({ email });
      return user ? { userId: String(user._id), passwordHash: user.passwordHash ?? null } : null;
    },
    async setPassword(userId, passwordHash) {
      await data.collection("users").updateOne({ _id: userId }, { $set: { passwordHash } });
    },
    async createSession(idHash, userId, createdAt, expiresAt) {
      await data.collection("sessions").insertOne({ _id: idHash, userId, createdAt, expiresAt, expiresAtDate: expiryDate(expiresAt) });
    },
    async findSession(idHash, now) {
      const session = await data.collection("sessions").findOne({ _id: idHash, expiresAt: { $gt: now } });
      const user = session && (await data.collection("users").findOne({ _id: session.userId }));
      return user ? { userId: String(user._id), email: user.email } : null;
    },
    async deleteSession(idHash) {
      await data.collection("sessions").deleteOne({ _id: idHash });
    },
    async deleteUserSessions(userId) {
      await data.collection("sessions").deleteMany({ userId });
    },
    async listMemberships(userId) {
      const memberships = await data.collection("memberships").find({ userId }).toArray();
      const orgs = await data
        .collection("organizations")
        .find({ _id: { $in: memberships.map((m) => m.orgId) } })
        .toArray();
      const names = new Map(orgs.map((o) => [String(o._id), o.name as string]));
      // By name as SQLite (and a MongoDB sort) compares it: UTF-8 bytes, which is code point order,
      // not JavaScript's UTF-16 code units (an emoji would come before U+E000–U+FFFF), nor the locale's.
      return memberships
        .filter((m) => names.has(m.orgId))
        .map((m) => ({ orgId: m.orgId as string, orgName: names.get(m.orgId)!, role: m.role as Role }))
        .sort((a, b) => Buffer.compare(Buffer.from(a.orgName), Buffer.from(b.orgName)) || (a.orgId < b.orgId ? -1 : 1));
    },
  };
}

import type { UserStore } from "../../core/store/users.ts";
import type { Role } from "../../core/model.ts";
import { compoundId, type Database, fromDocument, toDocument } from "./database.ts";

export function userStore(data: Database): UserStore {
  return {
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
    async removeMembership(orgId, userId, at) {
      return data.transaction(async (session) => {
        if ((await data.collection("memberships").deleteOne({ _id: compoundId(orgId, userId) }, { session })).deletedCount !== 1) return false;
        // Personal tokens and agents' tokens alike.
        for (const name of ["tokens", "agents"] as const)
          await data.collection(name).updateMany({ orgId, userId, revokedAt: null }, { $set: { revokedAt: at } }, { session });
        return true;
      });
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
  };
}

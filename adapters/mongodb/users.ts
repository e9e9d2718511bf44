import type { ClientSession } from "mongodb";
import type { MembersGuard, UserStore } from "../../core/store/users.ts";
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
    async setMembership(orgId, userId, role, refuseIf) {
      const write = (session?: ClientSession) =>
        data.collection("memberships").updateOne({ _id: compoundId(orgId, userId) }, { $set: { orgId, userId, role } }, { upsert: true, session });
      if (refuseIf === undefined) {
        await write();
        return true;
      }
      return data.transaction(async (session) => {
        if (await refused(data, session, orgId, refuseIf)) return false;
        await write(session);
        return true;
      });
    },
    async removeMembership(orgId, userId, at, refuseIf) {
      return data.transaction(async (session) => {
        if (refuseIf && (await refused(data, session, orgId, refuseIf))) return false;
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

/**
 * Whether the guard refuses, asked with the members as the transaction reads them. A transaction
 * reads a snapshot, and two that write different members would both commit, each having read the
 * other's Admin still there: so each first writes the organization's document (a counter nothing
 * reads), and the second to write it conflicts, and is run again by withTransaction, reading what the first wrote.
 */
async function refused(data: Database, session: ClientSession, orgId: string, refuseIf: MembersGuard): Promise<boolean> {
  await data.collection("organizations").updateOne({ _id: orgId }, { $inc: { guardedWrites: 1 } }, { session });
  const members = await data.collection("memberships").find({ orgId }, { session }).toArray();
  return refuseIf(members.map((m) => ({ userId: m.userId as string, role: m.role as Role })));
}

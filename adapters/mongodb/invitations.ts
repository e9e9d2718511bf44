import type { Invitation, InvitationStore } from "../../core/store/invitations.ts";
import { type Database, type Document, fromDocument, toDocument } from "./database.ts";
import { insertJobs } from "./outbox.ts";

/** Used and revoked times are null until they happen (a copied record carries them as null too). */
const fromStored = (d: Document): Invitation => ({ ...fromDocument<Invitation>(d), usedAt: d.usedAt ?? null, revokedAt: d.revokedAt ?? null });

export function invitationStore(data: Database): InvitationStore {
  const invitations = () => data.collection("invitations");
  return {
    async createInvitation(invitation, job) {
      await data.transaction(async (session) => {
        await invitations().insertOne(toDocument(invitation), { session });
        await invitations().updateMany(
          { orgId: invitation.orgId, email: invitation.email, _id: { $ne: invitation.id }, usedAt: null, revokedAt: null },
          { $set: { revokedAt: invitation.createdAt } },
          { session },
        );
        await insertJobs(data, [job], invitation.createdAt, session);
      });
    },
    async findInvitation(id) {
      const found = await invitations().findOne({ _id: id });
      return found ? fromStored(found) : null;
    },
    async findInvitationByToken(tokenHash) {
      const found = await invitations().findOne({ tokenHash });
      return found ? fromStored(found) : null;
    },
    async listPendingInvitations(orgId) {
      const found = await invitations().find({ orgId, usedAt: null, revokedAt: null }).sort({ createdAt: -1, _id: -1 }).toArray();
      return found.map(fromStored);
    },
    async revokeInvitation(orgId, id, at) {
      return (await invitations().updateOne({ _id: id, orgId, usedAt: null, revokedAt: null }, { $set: { revokedAt: at } })).modifiedCount === 1;
    },
    async useInvitation(id, at) {
      return (
        (await invitations().updateOne({ _id: id, usedAt: null, revokedAt: null, expiresAt: { $gt: at } }, { $set: { usedAt: at } }))
          .modifiedCount === 1
      );
    },
  };
}

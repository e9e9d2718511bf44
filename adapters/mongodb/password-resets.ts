import type { PasswordReset, PasswordResetStore } from "../../core/store/password-resets.ts";
import { type Database, type Document, fromDocument, toDocument } from "./database.ts";
import { insertJobs } from "./outbox.ts";

/** Used is null until it happens, and a decoy has no person (a copied record carries them as null too). */
const fromStored = (d: Document): PasswordReset => ({ ...fromDocument<PasswordReset>(d), userId: d.userId ?? null, usedAt: d.usedAt ?? null });

export function passwordResetStore(data: Database): PasswordResetStore {
  const resets = () => data.collection("password_resets");
  return {
    async createPasswordReset(reset, job) {
      await data.transaction(async (session) => {
        await resets().insertOne(toDocument(reset), { session });
        await insertJobs(data, [job], reset.createdAt, session);
      });
    },
    async findPasswordReset(id) {
      const found = await resets().findOne({ _id: id });
      return found ? fromStored(found) : null;
    },
    async findPasswordResetByToken(tokenHash) {
      const found = await resets().findOne({ tokenHash });
      return found ? fromStored(found) : null;
    },
    async usePasswordReset(id, at) {
      const used = await resets().findOneAndUpdate({ _id: id, usedAt: null, expiresAt: { $gt: at } }, { $set: { usedAt: at } });
      if (!used) return false;
      // A decoy has no person, and no sibling links.
      if (used.userId) await resets().updateMany({ userId: used.userId, usedAt: null }, { $set: { usedAt: at } });
      return true;
    },
    async closePasswordResets(userId, at) {
      await resets().updateMany({ userId, usedAt: null }, { $set: { usedAt: at } });
    },
  };
}

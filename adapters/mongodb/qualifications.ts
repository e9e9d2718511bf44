import type { QualificationSession, QualificationStore } from "../../core/store/qualifications.ts";
import { type Database, expiryDate, fromDocument, toDocument } from "./database.ts";
import { writeWithAnswer } from "./idempotency.ts";

/** Qualifications in progress, each until it expires or ends in a feedback. */
export function qualificationStore(data: Database): QualificationStore {
  return {
    saveQualification: (session, answer) =>
      writeWithAnswer(data, answer, (transaction) =>
        data
          .collection("qualifications")
          .replaceOne(
            { _id: session.id },
            { ...toDocument(session), expiresAtDate: expiryDate(session.expiresAt) },
            { upsert: true, ...(transaction && { session: transaction }) },
          ),
      ),

    async findQualification(id, now) {
      const found = await data.collection("qualifications").findOne({ _id: id, expiresAt: { $gt: now } });
      return found ? fromDocument<QualificationSession>(found, ["expiresAtDate"]) : null;
    },

    async endQualification(id) {
      await data.collection("qualifications").deleteOne({ _id: id });
    },
  };
}

import type { ClientSession } from "mongodb";
import type { ReportOutcome } from "../../core/model.ts";
import type { IdempotencyStore, IdempotentWrite, StoredAnswer } from "../../core/store/idempotency.ts";
import { compoundId, type Database, expiryDate } from "./database.ts";

type AnswerWrite = IdempotentWrite & { readonly response: ReportOutcome };

/** The live answer stored under a key, if any; read inside the transaction by those who write one. */
export const findAnswer = async (data: Database, scope: string, key: string, now: number, session?: ClientSession): Promise<StoredAnswer | null> => {
  const found = await data.collection("idempotency").findOne({ _id: compoundId(scope, key), expiresAt: { $gt: now } }, { session });
  return found ? { fingerprint: found.fingerprint, response: found.response as ReportOutcome } : null;
};

/**
 * Stores an answer in the running transaction; an expired one under the same key is replaced.
 * Two transactions racing on one key conflict on this document, and the retried loser reads the winner's.
 */
export const insertAnswer = (data: Database, write: AnswerWrite, session: ClientSession) =>
  data
    .collection("idempotency")
    .replaceOne(
      { _id: compoundId(write.scope, write.key) },
      { fingerprint: write.fingerprint, response: write.response, expiresAt: write.expiresAt, expiresAtDate: expiryDate(write.expiresAt) },
      { upsert: true, session },
    );

/** Runs `write` with an answer stored alongside, unless a live answer is already stored under its key. */
export const writeWithAnswer = (
  data: Database,
  answer: AnswerWrite | undefined,
  write: (session?: ClientSession) => Promise<unknown>,
): Promise<StoredAnswer | null> => {
  if (!answer) return write().then(() => null);
  return data.transaction(async (session) => {
    const earlier = await findAnswer(data, answer.scope, answer.key, answer.now, session);
    if (earlier) return earlier;
    await write(session);
    await insertAnswer(data, answer, session);
    return null;
  });
};

/** Answers kept for idempotency keys, each until it expires. */
export function idempotencyStore(data: Database): IdempotencyStore {
  return {
    findAnswer: (scope, key, now) => findAnswer(data, scope, key, now),

    saveAnswer: (write, response) => writeWithAnswer(data, { ...write, response }, async () => {}),
  };
}

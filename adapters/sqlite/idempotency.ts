import type { Database } from "bun:sqlite";
import type { ReportOutcome } from "../../core/model.ts";
import type { IdempotencyStore, IdempotentWrite, StoredAnswer } from "../../core/store/idempotency.ts";
import type { WriteBatch } from "./write-batch.ts";

/** The live answer stored under a key, if any; read inside the write transaction by those who write one. */
export function findAnswer(db: Database, scope: string, key: string, now: number): StoredAnswer | null {
  const row = db
    .query<{ fingerprint: string; response: string }, [string, string, number]>(
      "SELECT fingerprint, response FROM idempotency WHERE scope = ? AND key = ? AND expires_at > ?",
    )
    .get(scope, key, now);
  return row ? { fingerprint: row.fingerprint, response: JSON.parse(row.response) as ReportOutcome } : null;
}

/** Stores an answer in the running transaction; an expired one under the same key is replaced. */
export function insertAnswer(db: Database, write: IdempotentWrite, response: ReportOutcome): void {
  db.query("INSERT OR REPLACE INTO idempotency (scope, key, fingerprint, response, expires_at) VALUES (?, ?, ?, ?, ?)").run(
    write.scope,
    write.key,
    write.fingerprint,
    JSON.stringify(response),
    write.expiresAt,
  );
}

/** Runs `write` with an answer stored alongside, unless a live answer is already stored under its key. */
export const writeWithAnswer = (
  db: Database,
  batch: WriteBatch,
  answer: (IdempotentWrite & { readonly response: ReportOutcome }) | undefined,
  write: () => void,
): Promise<StoredAnswer | null> =>
  batch.run(() => {
    const earlier = answer && findAnswer(db, answer.scope, answer.key, answer.now);
    if (earlier) return earlier;
    write();
    if (answer) insertAnswer(db, answer, answer.response);
    return null;
  });

/** Answers kept for idempotency keys, each until it expires. */
export function idempotencyStore(db: Database, batch: WriteBatch): IdempotencyStore {
  return {
    findAnswer: async (scope, key, now) => findAnswer(db, scope, key, now),

    saveAnswer: (write, response) => writeWithAnswer(db, batch, { ...write, response }, () => {}),
  };
}

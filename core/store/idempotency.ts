import type { ReportOutcome } from "../model.ts";

/**
 * An idempotent request's answer, written in the same transaction as the change it answers, so a
 * crash leaves either both or neither. There is no separate claim: when two requests with one key
 * race, the first commit wins and the other reads its answer.
 */
export interface IdempotentWrite {
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
  readonly now: number;
  readonly expiresAt: number;
}

/** What was answered to the first request with an idempotency key. */
export interface StoredAnswer {
  readonly fingerprint: string;
  readonly response: ReportOutcome;
}

/** Answers kept under idempotency keys, so a repeated request gets the first answer. */
export interface IdempotencyStore {
  /** The answer stored under a key, if it is still live at `now`. */
  findAnswer(scope: string, key: string, now: number): Promise<StoredAnswer | null>;
  /** Stores the answer of a request that changed nothing else; a live answer already stored wins and is returned. */
  saveAnswer(write: IdempotentWrite, response: ReportOutcome): Promise<StoredAnswer | null>;
}

import type { Language } from "../language.ts";
import type { ChannelKind, ReportOutcome, Turn } from "../model.ts";
import type { NormalizedReport } from "../report/normalize.ts";
import type { QualificationStep } from "../schemas/qualification.ts";
import type { IdempotentWrite, StoredAnswer } from "./idempotency.ts";

export interface QualificationSession {
  readonly id: string;
  readonly orgId: string;
  readonly appId: string;
  readonly channelId: string;
  readonly channelKey: string;
  readonly source: ChannelKind;
  readonly report: NormalizedReport;
  readonly language: Language;
  readonly conversation: readonly Turn[];
  readonly answers: Readonly<Record<string, string>>;
  /** The step the client was last shown; answers are checked against its questions. */
  readonly pending: QualificationStep;
  readonly expiresAt: number;
}

/** Qualification sessions: a report waiting for the answers to its questions. */
export interface QualificationStore {
  /**
   * Saves a session. With an answer to store, both commit together, unless a live answer is already
   * stored under that key: then nothing is written and that answer is returned.
   */
  saveQualification(session: QualificationSession, answer?: IdempotentWrite & { readonly response: ReportOutcome }): Promise<StoredAnswer | null>;
  /** Unknown, ended and expired sessions all read as null. */
  findQualification(id: string, now: number): Promise<QualificationSession | null>;
  endQualification(id: string): Promise<void>;
}

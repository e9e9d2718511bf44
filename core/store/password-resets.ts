import type { JobRequest } from "../feedback/events.ts";

/** A password reset link, as the store keeps it: the token only as its digest. */
export interface PasswordReset {
  readonly id: string;
  /**
   * The person, or null for the decoy made when nobody has the address: written and queued the
   * same way, so the answer takes the same time, it opens nothing and mails nothing.
   */
  readonly userId: string | null;
  readonly tokenHash: string;
  /** The link, sealed (SecretBox), for the job that mails it. */
  readonly linkSealed: string;
  readonly language: "en" | "fr";
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly usedAt: number | null;
}

/** Password reset links: created with the job that mails them, used once. */
export interface PasswordResetStore {
  /** Writes the reset and queues its job (to mail it) in one transaction. */
  createPasswordReset(reset: PasswordReset, job: JobRequest): Promise<void>;
  findPasswordReset(id: string): Promise<PasswordReset | null>;
  findPasswordResetByToken(tokenHash: string): Promise<PasswordReset | null>;
  /**
   * Marks the reset used if it is unused and live at `at`, and with it every other unused link of
   * the same person: the password they set makes them moot, and one left in a mailbox would set
   * another behind the person's back. False, and nothing marked, otherwise.
   */
  usePasswordReset(id: string, at: number): Promise<boolean>;
  /** Marks every unused link of the person used at `at`: their password was set another way (the operator's, an invitation's). */
  closePasswordResets(userId: string, at: number): Promise<void>;
}

import type { JobRequest } from "../feedback/events.ts";
import type { Role } from "../model.ts";

/** An invitation to join an organization, as the store keeps it: the link's token only as its digest. */
export interface Invitation {
  readonly id: string;
  readonly orgId: string;
  /** Normalized (normalizeEmail). */
  readonly email: string;
  readonly role: Role;
  readonly tokenHash: string;
  /** The link, sealed (SecretBox), for the job that mails it; the plain token is never stored. */
  readonly linkSealed: string;
  /** The language of the message and of the page the link opens. */
  readonly language: "en" | "fr";
  /** The user who invited, or "operator" from the command line. */
  readonly invitedBy: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly usedAt: number | null;
  readonly revokedAt: number | null;
}

/** Invitations: created with the job that mails them, listed while pending, used or revoked once. */
export interface InvitationStore {
  /**
   * Writes the invitation, revokes the organization's other pending invitations to the same address
   * (only the latest link holds), and queues its job (to mail it), in one transaction.
   */
  createInvitation(invitation: Invitation, job: JobRequest): Promise<void>;
  findInvitation(id: string): Promise<Invitation | null>;
  findInvitationByToken(tokenHash: string): Promise<Invitation | null>;
  /** Neither used nor revoked (expired ones included), newest first. */
  listPendingInvitations(orgId: string): Promise<Invitation[]>;
  /** Marks a pending invitation of the organization revoked; false if there is none. */
  revokeInvitation(orgId: string, id: string, at: number): Promise<boolean>;
  /** Marks the invitation used if it is still pending and live at `at`; false otherwise (used, revoked, expired or raced). */
  useInvitation(id: string, at: number): Promise<boolean>;
}

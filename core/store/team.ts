import type { JobRequest } from "../feedback/events.ts";
import type { Role } from "../model.ts";

/** What a person chose about the mail the service sends them about their team's work. */
export interface TeamSettings {
  /** A daily digest of the organization's new feedbacks. */
  readonly digest: boolean;
  /** The language of their messages. */
  readonly language: "en" | "fr";
}

/** A member of an organization as notifications read them: who, how to call them, what they chose. */
export interface Teammate extends TeamSettings {
  readonly userId: string;
  readonly email: string;
  readonly name?: string;
  readonly role: Role;
}

/** The people of an organization and their notification settings; the daily digests, queued once a day. */
export interface TeamStore {
  /** The members of the organization with their names and settings (defaults for those who chose none), by e-mail. */
  listTeam(orgId: string): Promise<Teammate[]>;
  /** A person's settings, or null when they never chose. */
  findTeamSettings(userId: string): Promise<TeamSettings | null>;
  saveTeamSettings(userId: string, settings: TeamSettings): Promise<void>;
  /**
   * Queues the organization's digest of a day (`YYYY-MM-DD`) with its job, once: false if that day's
   * digest was queued already (by this process or another).
   */
  queueDigest(orgId: string, day: string, job: JobRequest, runAt: number): Promise<boolean>;
}

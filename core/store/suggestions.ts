import type { Suggestion } from "../grouping/decision.ts";
import type { Kind, Status } from "../schemas/feedback.ts";

/** Which undecided suggestions to list: of the organization (or one app, or the pairs one feedback is in), the `limit` best. */
export interface SuggestionQuery {
  readonly orgId: string;
  readonly appId: string | null;
  /** When given, only the pairs this feedback is in, on either side: its own, and those of the feedbacks merged into it. */
  readonly feedbackId?: string;
  readonly limit: number;
  /** Groups of kinds, each kind in one group (a partition): a pair is listed only while its two feedbacks' kinds are in one group. */
  readonly kinds: readonly (readonly Kind[])[];
  /** The statuses of a closed feedback: a pair is listed only while one of its two feedbacks is open. */
  readonly closed: readonly Status[];
}

/**
 * Pairs grouping found alike but left for a person to decide, and the decisions taken, so that a
 * dismissed (or unmerged) pair is never suggested or merged again.
 */
export interface SuggestionStore {
  /** Keeps suggestions; a pair already suggested gets the new score, a decided pair is left alone. */
  saveSuggestions(suggestions: readonly Suggestion[]): Promise<void>;
  /**
   * Undecided suggestions as Possible duplicates lists them (waitingPairs): each answering for the
   * visible feedbacks holding its two, of kinds in one group, one of them open; best score first.
   */
  listSuggestions(query: SuggestionQuery): Promise<Suggestion[]>;
  /** Records a person's decision that two feedbacks are not duplicates (suggested or not). */
  dismissPair(orgId: string, feedbackId: string, similarId: string, at: number, by: string): Promise<void>;
  /**
   * Takes back a decision that two feedbacks of the organization are not duplicates, the one recorded
   * on these two even where one was merged since (its pair then waits as the feedback holding it):
   * a pair grouping suggested waits for review again, with its score and words; one it never
   * suggested (its record scored UNSUGGESTED) is as if never decided. False when no such decision is
   * recorded on these two (never taken, or taken back already): nothing changes.
   */
  undismissPair(orgId: string, feedbackId: string, similarId: string): Promise<boolean>;
  /** The feedbacks a person decided are not duplicates of this one. */
  dismissedWith(orgId: string, feedbackId: string): Promise<Set<string>>;
}

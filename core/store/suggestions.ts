import type { Suggestion } from "../grouping/decision.ts";

/**
 * Pairs grouping found alike but left for a person to decide, and the decisions taken, so that a
 * dismissed (or unmerged) pair is never suggested or merged again.
 */
export interface SuggestionStore {
  /** Keeps suggestions; a pair already suggested gets the new score, a decided pair is left alone. */
  saveSuggestions(suggestions: readonly Suggestion[]): Promise<void>;
  /** Undecided suggestions of the organization (or one app), both feedbacks visible (not merged), best score first. */
  listSuggestions(orgId: string, appId: string | null, limit: number): Promise<Suggestion[]>;
  /** Records a person's decision that two feedbacks are not duplicates (suggested or not). */
  dismissPair(orgId: string, feedbackId: string, similarId: string, at: number, by: string): Promise<void>;
  /** The feedbacks a person decided are not duplicates of this one. */
  dismissedWith(orgId: string, feedbackId: string): Promise<Set<string>>;
}

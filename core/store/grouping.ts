import type { TriageAuthor } from "../triage/journal.ts";
import type { CandidateQuery } from "../grouping/candidates.ts";
import type { Diagnostic } from "../model.ts";
import type { GroupingCandidate } from "../ports.ts";
import type { Severity } from "../schemas/feedback.ts";

/** What grouping reads and writes: the keys feedbacks are indexed under, their candidates, the assistant's triage. */
export interface GroupingStore {
  /** How many feedbacks of the app carry each of the keys; a key never indexed is absent. */
  keyFrequencies(appId: string, keys: readonly string[]): Promise<Map<string, number>>;
  /**
   * The feedbacks the query names, each with the text it was indexed with. A merged feedback's
   * text answers for the feedback holding it now, however deep the merges (followMerges: A into B,
   * B into C, A's text answers for C), so a new one is compared with every report of a group, not
   * only its first (single linkage).
   */
  groupingCandidates(query: CandidateQuery): Promise<GroupingCandidate[]>;
  /** Indexes a feedback for grouping under its keys. */
  indexForGrouping(appId: string, feedbackId: string, keys: readonly string[], text: string, vector?: readonly number[]): Promise<void>;
  /** Records the assistant's triage of a feedback, and what it changed in the feedback's activity in the name of `author`, in one transaction. */
  setTriage(
    orgId: string,
    feedbackId: string,
    /** `replacing`: the title the assistant read, which its `title` replaces only if no one changed it since. */
    triage: {
      featureId?: string;
      severity?: Severity;
      nature?: string;
      title?: string;
      replacing?: string;
      diagnostic?: Diagnostic;
      summary?: string;
    },
    author?: TriageAuthor,
  ): Promise<void>;
}

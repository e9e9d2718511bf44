import type { Database } from "bun:sqlite";

/** A feedback and every feedback merged into it, however deep (standing merges): the ids, as the CTE `merged`. */
export const MERGED = "WITH RECURSIVE merged(id) AS (SELECT ? UNION SELECT f.id FROM feedbacks f JOIN merged ON f.merged_into = merged.id)";

/** The ids of a feedback and of the feedbacks merged into it. */
export const mergedIds = (db: Database, feedbackId: string): string[] =>
  db
    .query<{ id: string }, [string]>(`${MERGED} SELECT id FROM merged`)
    .all(feedbackId)
    .map((r) => r.id);

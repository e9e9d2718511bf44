import { FEEDBACK_TAG_COUNTS_KEPT, FEEDBACK_TAGS_KEPT } from "../schema/triggers.ts";

/**
 * The feedbacks of a tag, found without reading every feedback's tags: the inbox's filter by tag
 * read each feedback (377 ms for the list and 354 for its counts at a million, for a tag none had).
 * Per organization and tag, in status then last activity order; counted per status beside them.
 * Filled from the feedbacks there are, then kept by triggers.
 */
export default `
CREATE TABLE feedback_tags (
  feedback_ref INTEGER NOT NULL, org_number INTEGER NOT NULL, tag TEXT NOT NULL, status TEXT NOT NULL, last_activity_at INTEGER NOT NULL,
  PRIMARY KEY (feedback_ref, tag)
) WITHOUT ROWID;
CREATE INDEX feedback_tags_by_tag ON feedback_tags (org_number, tag, status, last_activity_at);
INSERT OR IGNORE INTO feedback_tags (feedback_ref, org_number, tag, status, last_activity_at)
  SELECT f.ref, f.org_number, t.value, f.status, f.last_activity_at FROM feedbacks f, json_each(f.tags) t
  WHERE f.tags IS NOT NULL AND f.merged_into IS NULL;
CREATE TABLE feedback_tag_counts (
  org_number INTEGER NOT NULL, tag TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (org_number, tag, status)
) WITHOUT ROWID;
INSERT INTO feedback_tag_counts (org_number, tag, status, n) SELECT org_number, tag, status, count(*) FROM feedback_tags GROUP BY 1, 2, 3;
${FEEDBACK_TAGS_KEPT}
${FEEDBACK_TAG_COUNTS_KEPT}`;

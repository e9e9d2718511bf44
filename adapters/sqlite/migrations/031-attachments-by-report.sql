-- Attachments carried by their report, which they follow through merges, unmerges and splits:
-- a file the widget sent is named in its report's body; a file an operator attached goes with the
-- latest report of its feedback, or, for a feedback grouped into another, of that other one.
ALTER TABLE attachments ADD COLUMN report_id TEXT;
UPDATE attachments SET report_id = c.report_id
  FROM (SELECT json_extract(f.value, '$.id') AS attachment_id, r.id AS report_id
    FROM reports r, json_each(r.body, '$.files') f WHERE r.body LIKE '%"files":%') c
  WHERE c.attachment_id = attachments.id;
UPDATE attachments SET report_id = (
  SELECT r.id FROM reports r JOIN feedbacks f ON f.ref = r.feedback_ref
  WHERE f.id = attachments.feedback_id OR f.id = (SELECT merged_into FROM feedbacks WHERE id = attachments.feedback_id)
  ORDER BY r.at DESC, r.id DESC LIMIT 1
) WHERE report_id IS NULL;
DROP INDEX attachments_by_feedback;
CREATE INDEX attachments_by_report ON attachments (report_id, created_at);

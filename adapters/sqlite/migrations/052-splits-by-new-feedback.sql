-- The split a feedback came from, found by the new feedback's id: its activity names the feedback
-- its report was taken out of.
CREATE INDEX splits_by_new_feedback ON splits (org_id, json_extract(new_feedback, '$.id'));

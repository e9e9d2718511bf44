-- A feedback's status history reads its events: at a million events the page scanned them all.
CREATE INDEX events_by_feedback ON events (feedback_id);

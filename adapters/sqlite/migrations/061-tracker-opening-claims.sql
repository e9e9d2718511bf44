-- The claim on opening a feedback's tracker issue, until when it holds: of two requests to open one
-- at the same moment, the one that claims it calls the tracker.
ALTER TABLE feedbacks ADD COLUMN tracker_opening_until INTEGER;

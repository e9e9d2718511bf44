-- The feedbacks posted on the portal, found from their reports: the inbox's "To review" tab counts
-- and lists them on every visit, where reading every feedback's reports took a scan of them all.
-- Only the portal's reports are indexed, so other reports cost nothing more to write.
CREATE INDEX reports_from_portal ON reports (feedback_ref) WHERE source = 'portal';

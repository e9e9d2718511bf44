-- The reports of the rarer sources, by source: a list or a count of the feedbacks holding a report
-- from one of them (a hosted form, Slack, an agent) reads those reports, where it read every
-- feedback (46 ms for a list at 100,000 feedbacks, none from Slack). The API's, the widget's and the
-- portal's (which has indexes of its own) are left out: the reports most sent pay no entry.
CREATE INDEX reports_by_rare_source ON reports (source, feedback_ref) WHERE source NOT IN ('api', 'widget', 'portal');

-- The outbox keeps an event only while a webhook is to receive it, and status changes as the
-- history (keptInOutbox): the others, a feedback.created for every report above all, go. Events
-- are delivered from deliveries, so the index of events not yet dispatched was never read.
DELETE FROM events WHERE type <> 'feedback.status_changed' AND id NOT IN (SELECT event_id FROM deliveries);
DROP INDEX events_pending;

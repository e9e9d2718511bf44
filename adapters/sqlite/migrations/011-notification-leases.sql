-- A notification claim is a lease until the message is confirmed sent.
ALTER TABLE notifications ADD COLUMN sent_at INTEGER;
UPDATE notifications SET sent_at = at;

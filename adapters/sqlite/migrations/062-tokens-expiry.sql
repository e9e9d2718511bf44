-- Expired tokens are deleted every minute (purgeExpired): found by their expiry, not by reading them all.
CREATE INDEX tokens_expiry ON tokens (expires_at);

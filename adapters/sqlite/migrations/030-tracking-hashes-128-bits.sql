-- Tracking-token hashes cut to the 128 bits kept since (core/report/tracking-token.ts), which a
-- token still matches: 16 bytes less a report, once compacted.
UPDATE reports SET status_token_hash = substr(status_token_hash, 1, 16) WHERE typeof(status_token_hash) = 'blob' AND length(status_token_hash) > 16;
UPDATE reports SET status_token_hash = substr(status_token_hash, 1, 32) WHERE typeof(status_token_hash) = 'text' AND length(status_token_hash) > 32;

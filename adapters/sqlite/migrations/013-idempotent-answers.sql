-- An idempotent answer is written with the change it answers, in one transaction: there are no
-- claims left running, and every record holds a response.
DELETE FROM idempotency WHERE response IS NULL;
CREATE TABLE idempotency_answers (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, response TEXT NOT NULL, expires_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
);
INSERT INTO idempotency_answers SELECT scope, key, fingerprint, response, expires_at FROM idempotency;
DROP TABLE idempotency;
ALTER TABLE idempotency_answers RENAME TO idempotency;
CREATE INDEX idempotency_expiry ON idempotency (expires_at);

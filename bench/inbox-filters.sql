-- What bench/pages.ts --filters adds to its seeded store, by SQL, so that the inbox's filters have
-- something to find (as the entry "the inbox's filters at a million feedbacks" of RESULTS.md did):
-- a third of the feedbacks tagged mobile, one in fifty billing, one in twenty owned by the demo's
-- member, one in a hundred published, one in ten P1, one in fifty on the demo's feature, one in a
-- hundred due (half of them overdue), a quarter with votes. Each is chosen by a hash of the row, so
-- that no two of them (nor the seeded kind and status) go together.
BEGIN;
CREATE TEMP TABLE h AS SELECT ref, (ref * 2654435761) % 4294967296 AS h FROM feedbacks;
CREATE UNIQUE INDEX temp.h_ref ON h (ref);
INSERT OR IGNORE INTO tags (org_id, name, created_at) SELECT id, 'mobile', 0 FROM organizations;
INSERT OR IGNORE INTO tags (org_id, name, created_at) SELECT id, 'billing', 0 FROM organizations;
UPDATE feedbacks SET tags = (SELECT CASE WHEN h % 3 = 0 AND (h / 3) % 50 = 0 THEN '["billing","mobile"]' WHEN h % 3 = 0 THEN '["mobile"]'
  WHEN (h / 3) % 50 = 0 THEN '["billing"]' END FROM h WHERE h.ref = feedbacks.ref);
UPDATE feedbacks SET owner = 'member@demo.test' WHERE (SELECT (h / 151) % 20 = 0 FROM h WHERE h.ref = feedbacks.ref);
UPDATE feedbacks SET severity = 'P1' WHERE (SELECT (h / 1009) % 10 = 0 FROM h WHERE h.ref = feedbacks.ref);
UPDATE feedbacks SET feature_id = 'feat-checkout' WHERE (SELECT (h / 10007) % 50 = 0 FROM h WHERE h.ref = feedbacks.ref);
UPDATE feedbacks SET due_at = CASE WHEN ref % 2 = 0 THEN 1000 ELSE 4000000000000 END WHERE (SELECT (h / 100003) % 100 = 0 FROM h WHERE h.ref = feedbacks.ref);
UPDATE feedbacks SET votes = (SELECT (h / 1000003) % 17 FROM h WHERE h.ref = feedbacks.ref) WHERE (SELECT (h / 17) % 4 = 0 FROM h WHERE h.ref = feedbacks.ref);
INSERT OR IGNORE INTO publications (feedback_id, org_id, title, description, published_at, words, status, kind, app_id, reports, created_at, last_activity_at, listed, votes)
  SELECT f.id, o.id, f.title, NULL, 0, '', f.status, f.kind, a.id, f.reports, f.created_at, f.last_activity_at, 1, f.votes
  FROM feedbacks f JOIN organizations o ON o.number = f.org_number JOIN apps a ON a.number = f.app_number JOIN h ON h.ref = f.ref
  WHERE (h.h / 7) % 100 = 3;
DROP TABLE temp.h;
COMMIT;

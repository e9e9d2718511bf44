-- The inbox sorted by severity, P0 first and none last, is this column descending, read backwards
-- from its index. Sorted in the query instead, a page took 350 ms at a million feedbacks.
ALTER TABLE feedbacks ADD COLUMN urgency INTEGER
  GENERATED ALWAYS AS (CASE severity WHEN 'P0' THEN 4 WHEN 'P1' THEN 3 WHEN 'P2' THEN 2 WHEN 'P3' THEN 1 ELSE 0 END) VIRTUAL;
CREATE INDEX feedbacks_by_urgency ON feedbacks (org_id, urgency, id) WHERE merged_into IS NULL;

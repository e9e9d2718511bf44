-- The feedbacks that have a due date, by due date, with their status: the inbox's filters Overdue
-- (open, due before the clock's day) and "With a due date" list them from here when they are few,
-- where the order's index was walked past every feedback without one (89 ms for a page of the
-- overdue at a million feedbacks, one in ten thousand due; now 0.2), and count them from it alone
-- (270 ms, now 0.02). Those without a due date pay no entry. (It holds the column of its condition
-- too, so that a count reads the index alone.)
CREATE INDEX feedbacks_by_due ON feedbacks (org_number, due_at, status, merged_into)
  WHERE merged_into IS NULL AND due_at IS NOT NULL;

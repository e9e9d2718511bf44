-- The inbox's order by due date (the soonest first, ties by id desc; core's due-order.ts) reads the
-- feedbacks that have one from their index in its order: the id joins it, descending, so that a page
-- stops after its rows and one after a cursor starts at its due date, where SQLite read every
-- feedback due on the same day as the page's last and sorted them. Those without a due date still
-- pay no entry: they follow, read from the indexes in order of last activity.
DROP INDEX feedbacks_by_due;
CREATE INDEX feedbacks_by_due ON feedbacks (org_number, due_at, id DESC, status, merged_into)
  WHERE merged_into IS NULL AND due_at IS NOT NULL;

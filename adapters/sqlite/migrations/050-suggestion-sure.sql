-- Whether grouping found a suggested pair one subject (its automatic threshold), which the
-- Possible duplicates page says and shows its Merge button for; the pairs suggested before say no.
ALTER TABLE suggestions ADD COLUMN sure INTEGER NOT NULL DEFAULT 0;

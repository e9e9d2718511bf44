ALTER TABLE grouping_docs ADD COLUMN vector TEXT;

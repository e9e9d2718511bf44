ALTER TABLE feedbacks ADD COLUMN diagnostic TEXT;

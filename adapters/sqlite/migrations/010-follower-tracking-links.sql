ALTER TABLE followers ADD COLUMN tracking_sealed TEXT;

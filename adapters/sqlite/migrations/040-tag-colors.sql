-- A tag's colour, one of a fixed palette, set in the settings; null until one is.
ALTER TABLE tags ADD COLUMN color TEXT;

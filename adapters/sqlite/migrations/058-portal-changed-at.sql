-- When an Admin last changed the portal's settings (turned it on, renamed it, …): what the Atom
-- feed of an empty changelog says it was updated at. A portal saved before is counted as changed
-- when its store was upgraded, the first moment this release knew it.
ALTER TABLE portals ADD COLUMN changed_at INTEGER NOT NULL DEFAULT 0;
UPDATE portals SET changed_at = CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER);

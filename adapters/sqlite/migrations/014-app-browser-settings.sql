-- How an app's widget collects from browsers (origins, replay, kept query parameters), as JSON; NULL for none.
ALTER TABLE apps ADD COLUMN browser TEXT;

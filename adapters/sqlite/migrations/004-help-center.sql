CREATE TABLE help_articles (
  id TEXT PRIMARY KEY, org_id TEXT NOT NULL, app_id TEXT NOT NULL, title TEXT NOT NULL, url TEXT NOT NULL, body TEXT NOT NULL
);
CREATE INDEX help_articles_by_app ON help_articles (org_id, app_id);

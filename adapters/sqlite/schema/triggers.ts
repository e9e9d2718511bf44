// The triggers of the current schema, each defined once: the migration that last created one
// imports it from here (migrations/NNN-*.ts), and earlier migrations keep the text they ran then.
// A trigger changes by a new migration that drops it and creates it from here, the migration that
// created it before taking in the text it had (see README, "The SQLite schema and adding a migration").
import { appIdOf, orgIdOf } from "../rows.ts";
import { DOC_TIES, documentSql, firstDocSql, newDoc } from "../search.ts";

const org = (row: string) => orgIdOf(`${row}.org_number`);
const app = (row: string) => appIdOf(`${row}.app_number`);

/**
 * Servers cache what a channel key opens (channel, app, organization); any change to those rows,
 * by any connection, moves catalog_version, and a cache that sees it move starts again. An
 * organization's next key number is not part of it. Created by migration 12.
 */
export const CATALOG_VERSION_TRIGGERS = `
CREATE TRIGGER channels_insert_moves_catalog AFTER INSERT ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER channels_update_moves_catalog AFTER UPDATE ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER channels_delete_moves_catalog AFTER DELETE ON channels BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER apps_insert_moves_catalog AFTER INSERT ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER apps_update_moves_catalog AFTER UPDATE ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER apps_delete_moves_catalog AFTER DELETE ON apps BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER organizations_update_moves_catalog AFTER UPDATE OF name, key_prefix, plan, quota_override ON organizations
  BEGIN UPDATE catalog_version SET n = n + 1; END;
CREATE TRIGGER organizations_delete_moves_catalog AFTER DELETE ON organizations BEGIN UPDATE catalog_version SET n = n + 1; END;
`;

/** `WHEN` any of the columns differs between the old and the new row. */
const changed = (columns: readonly string[]) => columns.map((c) => `old.${c} IS NOT new.${c}`).join(" OR ");

/** The columns a feedback's count row and its search document are kept by. */
const COUNTED = ["org_number", "app_number", "kind", "severity", "feature_id", "status", "merged_into"];

/**
 * The inbox's counts per status (feedback_counts): one row per organization, app, kind, severity,
 * feature and status, moved by every write of a feedback. Merged feedbacks are not counted, as the
 * inbox does not show them. Created by migration 28.
 */
export const FEEDBACK_COUNT_TRIGGERS = `
CREATE TRIGGER feedback_counted AFTER INSERT ON feedbacks WHEN new.merged_into IS NULL BEGIN
  INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
    VALUES (${org("new")}, ${app("new")}, new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1)
    ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER feedback_uncounted AFTER DELETE ON feedbacks WHEN old.merged_into IS NULL BEGIN
  UPDATE feedback_counts SET n = n - 1
    WHERE org_id = ${org("old")} AND app_id = ${app("old")} AND kind = old.kind
      AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
END;
`;

/**
 * A feedback's count moves from its old row to its new one when a column the rows are kept by
 * changes, and only then: an UPDATE names such columns whether or not it changes them (the
 * grouping's triage names feature and severity in every job), and the count moved back and forth
 * for nothing. Created by migration 41.
 */
export const FEEDBACK_RECOUNTED = `
CREATE TRIGGER feedback_recounted AFTER UPDATE OF ${COUNTED.join(", ")} ON feedbacks WHEN ${changed(COUNTED)} BEGIN
  UPDATE feedback_counts SET n = n - 1
    WHERE old.merged_into IS NULL AND org_id = ${org("old")} AND app_id = ${app("old")} AND kind = old.kind
      AND severity = coalesce(old.severity, '') AND feature_id = coalesce(old.feature_id, '') AND status = old.status;
  INSERT INTO feedback_counts (org_id, app_id, kind, severity, feature_id, status, n)
    SELECT ${org("new")}, ${app("new")}, new.kind, coalesce(new.severity, ''), coalesce(new.feature_id, ''), new.status, 1 WHERE new.merged_into IS NULL
    ON CONFLICT (org_id, app_id, kind, severity, feature_id, status) DO UPDATE SET n = n + 1;
END;
`;

/**
 * Trends (report_days): reports per app, UTC day, kind and feature of the feedback that holds them,
 * moved by every write that adds a report, moves one (merge, unmerge, split) or gives a feedback its
 * feature, so a trend reads a few rows per day whatever the number of reports. Created by migration 28.
 */
export const REPORT_DAY_TRIGGERS = `
CREATE TRIGGER reports_counted AFTER INSERT ON reports BEGIN
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT ${app("f")}, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), ${org("f")}, 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER reports_moved_counted AFTER UPDATE OF feedback_ref ON reports WHEN old.feedback_ref <> new.feedback_ref BEGIN
  UPDATE report_days SET n = n - 1
    WHERE (app_id, day, kind, feature_id) = (SELECT ${app("f")}, old.at / 86400000, f.kind, coalesce(f.feature_id, '') FROM feedbacks f WHERE f.ref = old.feedback_ref);
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT ${app("f")}, new.at / 86400000, f.kind, coalesce(f.feature_id, ''), ${org("f")}, 1 FROM feedbacks f WHERE f.ref = new.feedback_ref
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER feedback_feature_counted AFTER UPDATE OF feature_id ON feedbacks WHEN old.feature_id IS NOT new.feature_id BEGIN
  UPDATE report_days SET n = n - (SELECT count(*) FROM reports r WHERE r.feedback_ref = new.ref AND r.at / 86400000 = report_days.day)
    WHERE app_id = ${app("new")} AND kind = new.kind AND feature_id = coalesce(old.feature_id, '')
      AND day IN (SELECT r.at / 86400000 FROM reports r WHERE r.feedback_ref = new.ref);
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT ${app("new")}, r.at / 86400000, new.kind, coalesce(new.feature_id, ''), ${org("new")}, count(*) FROM reports r WHERE r.feedback_ref = new.ref
    GROUP BY r.at / 86400000
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + excluded.n;
END;
`;

/** A feedback's search document (search.ts's documentSql), from its words and its row. */
const document = `coalesce((SELECT ${documentSql("new.words")} FROM feedbacks f WHERE f.ref = new.feedback_ref), '')`;

/** feedback_search holds the document of each row of feedback_words, written again when the row changes. Created by migration 28. */
export const SEARCH_DOCUMENT_WRITTEN = `
CREATE TRIGGER feedback_words_indexed AFTER INSERT ON feedback_words BEGIN
  INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
END;
CREATE TRIGGER feedback_words_reindexed AFTER UPDATE ON feedback_words BEGIN
  DELETE FROM feedback_search WHERE rowid = old.doc;
  INSERT INTO feedback_search (rowid, body) VALUES (new.doc, ${document});
END;
`;

/** A feedback's document goes with its row of feedback_words. Created by migration 24. */
export const SEARCH_DOCUMENT_DELETED = `
CREATE TRIGGER feedback_words_unindexed AFTER DELETE ON feedback_words BEGIN
  DELETE FROM feedback_search WHERE rowid = old.doc;
END;
`;

/**
 * A feedback's words follow its row: a new doc when its last activity moves (a doc already in the
 * new millisecond, as a merge writes words and doc in one statement, stays), the words gone with
 * the feedback. Created by migration 28.
 */
export const SEARCH_WORDS_FOLLOW_FEEDBACK = `
CREATE TRIGGER feedback_search_moved AFTER UPDATE OF last_activity_at ON feedbacks
  WHEN new.last_activity_at IS NOT old.last_activity_at BEGIN
  UPDATE feedback_words SET doc = ${newDoc("new.last_activity_at")}
    WHERE feedback_ref = new.ref AND doc NOT BETWEEN ${firstDocSql("new.last_activity_at")} AND ${firstDocSql("new.last_activity_at")} + ${DOC_TIES - 1};
END;
CREATE TRIGGER feedback_search_removed AFTER DELETE ON feedbacks BEGIN
  DELETE FROM feedback_words WHERE feedback_ref = old.ref;
END;
`;

/**
 * A feedback's search document is written again when a filter it carries changes, and only then:
 * a document written again is a delete and an insert in FTS5, which an UPDATE naming one of those
 * columns without changing it paid for nothing. Created by migration 41.
 */
export const SEARCH_REFILTERED = `
CREATE TRIGGER feedback_search_refiltered AFTER UPDATE OF ${COUNTED.join(", ")} ON feedbacks WHEN ${changed(COUNTED)} BEGIN
  UPDATE feedback_words SET doc = doc WHERE feedback_ref = new.ref;
END;
`;

/** A feedback deleted takes its publication with it. Created by migration 37. */
export const PUBLICATIONS_LEAVE_WITH_FEEDBACK = `
CREATE TRIGGER publications_leave_with_feedback AFTER DELETE ON feedbacks BEGIN
  DELETE FROM publications WHERE feedback_id = old.id;
END;
`;

/** The columns a feedback's publication on the portal keeps a copy of. */
const PUBLISHED = ["status", "kind", "app_number", "reports", "votes", "last_activity_at", "merged_into"];

/** A publication keeps its copy of the feedback's columns when one of them changes. Created by migration 41. */
export const PUBLICATIONS_FOLLOW_FEEDBACK = `
CREATE TRIGGER publications_follow_feedback AFTER UPDATE OF ${PUBLISHED.join(", ")} ON feedbacks WHEN ${changed(PUBLISHED)} BEGIN
  UPDATE publications SET status = new.status, kind = new.kind, app_id = ${app("new")}, reports = new.reports,
    votes = new.votes, last_activity_at = new.last_activity_at, listed = new.merged_into IS NULL
    WHERE feedback_id = new.id;
END;
`;

/**
 * A feedback whose kind changes (triage in the inbox or PATCH) takes its reports' days with it in
 * report_days, as a change of feature does. Created by migration 38.
 */
export const REPORT_DAYS_FOLLOW_KIND = `
CREATE TRIGGER feedback_kind_counted AFTER UPDATE OF kind ON feedbacks WHEN old.kind IS NOT new.kind BEGIN
  UPDATE report_days SET n = n - (SELECT count(*) FROM reports r WHERE r.feedback_ref = new.ref AND r.at / 86400000 = report_days.day)
    WHERE app_id = ${app("new")} AND kind = old.kind AND feature_id = coalesce(new.feature_id, '')
      AND day IN (SELECT r.at / 86400000 FROM reports r WHERE r.feedback_ref = new.ref);
  INSERT INTO report_days (app_id, day, kind, feature_id, org_id, n)
    SELECT ${app("new")}, r.at / 86400000, new.kind, coalesce(new.feature_id, ''), ${org("new")}, count(*) FROM reports r WHERE r.feedback_ref = new.ref
    GROUP BY r.at / 86400000
    ON CONFLICT (app_id, day, kind, feature_id) DO UPDATE SET n = n + excluded.n;
END;
`;

/** A company's id and monthly spend in report `r`'s body (core/triage/companies.ts). */
const companyId = (r: string) => `json_extract(${r}.body, '$.author.company.id')`;
/**
 * What the feedback of row `ref` is worth (revenueOf): the spend of each company behind its reports,
 * as the company's latest report gives it, counted once; of two at the same moment, the one made
 * last (the greater id: ids count up within a millisecond), as companiesOf takes the later of the
 * reports listed in that order (listReports). Not the rowid, which VACUUM may renumber.
 */
export const revenueOf = (ref: string) => `(SELECT coalesce(sum(spend), 0) FROM (
    SELECT json_extract(r.body, '$.author.company.monthlySpend') AS spend,
      row_number() OVER (PARTITION BY ${companyId("r")} ORDER BY r.at DESC, r.id DESC) AS newest
    FROM reports r WHERE r.feedback_ref = ${ref} AND ${companyId("r")} IS NOT NULL) WHERE newest = 1)`;

/**
 * A feedback's revenue (for `sort=revenue`) follows the reports that name a company: one arriving,
 * moving (merges, unmerges, splits) or leaving. Created by migration 38; ties broken by migration 51.
 */
export const REVENUE_FOLLOWS_REPORTS = `
CREATE TRIGGER report_revenue_added AFTER INSERT ON reports WHEN ${companyId("new")} IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = ${revenueOf("feedbacks.ref")} WHERE ref = new.feedback_ref;
END;
CREATE TRIGGER report_revenue_moved AFTER UPDATE OF feedback_ref ON reports
  WHEN old.feedback_ref <> new.feedback_ref AND ${companyId("new")} IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = ${revenueOf("feedbacks.ref")} WHERE ref IN (old.feedback_ref, new.feedback_ref);
END;
CREATE TRIGGER report_revenue_removed AFTER DELETE ON reports WHEN ${companyId("old")} IS NOT NULL BEGIN
  UPDATE feedbacks SET revenue = ${revenueOf("feedbacks.ref")} WHERE ref = old.feedback_ref;
END;
`;

/**
 * Which changelog entries link a feedback (changelog_links) follows each entry's list of
 * feedbacks: written, rewritten or deleted. An entry's links are dropped by its id, not by the
 * list it had, so that none outlives it whatever the list held. Created by migration 44.
 */
export const CHANGELOG_LINKS_FOLLOW_ENTRIES = `
CREATE TRIGGER changelog_links_written AFTER INSERT ON changelog_entries BEGIN
  INSERT OR IGNORE INTO changelog_links (feedback_id, entry_id) SELECT value, new.id FROM json_each(new.feedback_ids);
END;
CREATE TRIGGER changelog_links_rewritten AFTER UPDATE OF feedback_ids ON changelog_entries
  WHEN old.feedback_ids IS NOT new.feedback_ids BEGIN
  DELETE FROM changelog_links WHERE entry_id = old.id;
  INSERT OR IGNORE INTO changelog_links (feedback_id, entry_id) SELECT value, new.id FROM json_each(new.feedback_ids);
END;
CREATE TRIGGER changelog_links_deleted AFTER DELETE ON changelog_entries BEGIN
  DELETE FROM changelog_links WHERE entry_id = old.id;
END;
`;

/**
 * How many of its reports a feedback holds from the portal (feedbacks.portal_reports) follows its
 * reports: one posted there arriving, moving (merges, unmerges, splits), leaving, or a report's
 * source changing to or from the portal. Only the portal's reports fire them. Created by migration 45.
 */
export const PORTAL_REPORTS_COUNTED = `
CREATE TRIGGER portal_report_counted AFTER INSERT ON reports WHEN new.source = 'portal' BEGIN
  UPDATE feedbacks SET portal_reports = portal_reports + 1 WHERE ref = new.feedback_ref;
END;
CREATE TRIGGER portal_report_moved AFTER UPDATE OF feedback_ref, source ON reports
  WHEN old.source = 'portal' OR new.source = 'portal' BEGIN
  UPDATE feedbacks SET portal_reports = portal_reports - 1 WHERE ref = old.feedback_ref AND old.source = 'portal';
  UPDATE feedbacks SET portal_reports = portal_reports + 1 WHERE ref = new.feedback_ref AND new.source = 'portal';
END;
CREATE TRIGGER portal_report_removed AFTER DELETE ON reports WHEN old.source = 'portal' BEGIN
  UPDATE feedbacks SET portal_reports = portal_reports - 1 WHERE ref = old.feedback_ref;
END;
`;

/** The columns of a feedback its tags' rows keep a copy of, and which it is listed by. */
const TAGGED = ["org_number", "tags", "status", "last_activity_at", "merged_into"];

/**
 * One row per tag of each feedback that is not merged (feedback_tags), with its status and last
 * activity: the inbox's filter by tag reads those of one tag, where it read every feedback's tags.
 * A feedback comes without tags, so a new report writes nothing here. Created by migration 48.
 */
export const FEEDBACK_TAGS_KEPT = `
CREATE TRIGGER feedback_tags_added AFTER INSERT ON feedbacks WHEN new.tags IS NOT NULL AND new.merged_into IS NULL BEGIN
  INSERT OR IGNORE INTO feedback_tags (feedback_ref, org_number, tag, status, last_activity_at)
    SELECT new.ref, new.org_number, value, new.status, new.last_activity_at FROM json_each(new.tags);
END;
CREATE TRIGGER feedback_tags_follow AFTER UPDATE OF ${TAGGED.join(", ")} ON feedbacks
  WHEN (old.tags IS NOT NULL OR new.tags IS NOT NULL) AND (${changed(TAGGED)}) BEGIN
  DELETE FROM feedback_tags WHERE feedback_ref = old.ref;
  INSERT OR IGNORE INTO feedback_tags (feedback_ref, org_number, tag, status, last_activity_at)
    SELECT new.ref, new.org_number, value, new.status, new.last_activity_at FROM json_each(new.tags) WHERE new.merged_into IS NULL;
END;
CREATE TRIGGER feedback_tags_removed AFTER DELETE ON feedbacks WHEN old.tags IS NOT NULL BEGIN
  DELETE FROM feedback_tags WHERE feedback_ref = old.ref;
END;
`;

/**
 * How many feedbacks of each organization have a tag, per status (feedback_tag_counts), moved with
 * each of the tag's rows: the inbox counts a tag from it, where counting the rows took 36 ms for a
 * tag on a third of a million feedbacks. Created by migration 48.
 */
export const FEEDBACK_TAG_COUNTS_KEPT = `
CREATE TRIGGER feedback_tag_counted AFTER INSERT ON feedback_tags BEGIN
  INSERT INTO feedback_tag_counts (org_number, tag, status, n) VALUES (new.org_number, new.tag, new.status, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER feedback_tag_uncounted AFTER DELETE ON feedback_tags BEGIN
  UPDATE feedback_tag_counts SET n = n - 1 WHERE org_number = old.org_number AND tag = old.tag AND status = old.status;
END;
`;

/**
 * A publication's words (space-separated, letters and digits only: foldedWords) as rows of
 * `value`: triggers may not use a recursive WITH, and such words need no escaping in a JSON array.
 */
export const publicationWordsOf = (words: string): string => `json_each('["' || replace(${words}, ' ', '","') || '"]')`;

/**
 * publication_words holds each word of each publication, for the portal's search to read the few
 * publications a rare word is in instead of testing every one (publications.ts). Created by migration 63.
 */
export const PUBLICATION_WORDS_KEPT = `
CREATE TRIGGER publication_words_added AFTER INSERT ON publications BEGIN
  INSERT OR IGNORE INTO publication_words (org_id, word, feedback_id)
    SELECT new.org_id, value, new.feedback_id FROM ${publicationWordsOf("new.words")} WHERE value <> '';
END;
CREATE TRIGGER publication_words_changed AFTER UPDATE OF words ON publications WHEN old.words IS NOT new.words BEGIN
  DELETE FROM publication_words WHERE org_id = old.org_id AND feedback_id = old.feedback_id
    AND word IN (SELECT value FROM ${publicationWordsOf("old.words")});
  INSERT OR IGNORE INTO publication_words (org_id, word, feedback_id)
    SELECT new.org_id, value, new.feedback_id FROM ${publicationWordsOf("new.words")} WHERE value <> '';
END;
CREATE TRIGGER publication_words_removed AFTER DELETE ON publications BEGIN
  DELETE FROM publication_words WHERE org_id = old.org_id AND feedback_id = old.feedback_id
    AND word IN (SELECT value FROM ${publicationWordsOf("old.words")});
END;
`;

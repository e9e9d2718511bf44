import { CHANGELOG_LINKS_FOLLOW_ENTRIES } from "../schema/triggers.ts";

/**
 * Which changelog entries link a feedback, one row per link: a feedback's page names them on every
 * visit, where reading every entry of the organization (its text included) to look inside each
 * one's list took a scan of them all. Filled from the entries there are, then kept by triggers.
 */
export default `
CREATE TABLE changelog_links (feedback_id TEXT NOT NULL, entry_id TEXT NOT NULL, PRIMARY KEY (feedback_id, entry_id)) WITHOUT ROWID;
CREATE INDEX changelog_links_by_entry ON changelog_links (entry_id);
INSERT OR IGNORE INTO changelog_links (feedback_id, entry_id) SELECT j.value, e.id FROM changelog_entries e, json_each(e.feedback_ids) j;
${CHANGELOG_LINKS_FOLLOW_ENTRIES}`;

import { FEEDBACK_RECOUNTED, PUBLICATIONS_FOLLOW_FEEDBACK, SEARCH_REFILTERED } from "../schema/triggers.ts";

/**
 * The triggers that copy a feedback's columns elsewhere (its count row, its search document, its
 * publication) fire only when one of those columns changes, not whenever an UPDATE names one:
 * every grouping job's triage names feature and severity, and rewrote the search document even
 * when it changed neither.
 */
export default `
DROP TRIGGER feedback_recounted;
DROP TRIGGER feedback_search_refiltered;
DROP TRIGGER publications_follow_feedback;
${FEEDBACK_RECOUNTED}${SEARCH_REFILTERED}${PUBLICATIONS_FOLLOW_FEEDBACK}`;

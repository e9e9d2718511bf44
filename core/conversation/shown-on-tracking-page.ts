import type { StatusComment } from "../store/feedbacks.ts";

/**
 * Which comments a reporter's tracking page shows: the one rule, for the page and its tests. Until
 * comments carry their visibility everywhere, only the reporter's own answers; once they do, every
 * public comment (`comment.visibility === "public"`), the reporter's answers being public ones.
 */
export const shownOnTrackingPage = (comment: StatusComment, reportId: string): boolean => comment.reportId === reportId;

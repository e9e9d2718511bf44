import type { StatusComment } from "../store/feedbacks.ts";

/**
 * Which comments a reporter's tracking page shows: the team's public replies, and this reporter's
 * own answers (themselves public). Another reporter's answer stays off it: it would name them; so
 * does a comment from the portal, which is the portal's conversation, not the team's reply.
 */
export const shownOnTrackingPage = (comment: StatusComment, reportId: string): boolean =>
  comment.visibility === "public" && comment.person === undefined && (comment.reportId === undefined || comment.reportId === reportId);

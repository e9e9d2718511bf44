import type { ReportResponse } from "../schemas/report.ts";

/** A report's tracking page: `{base_url}/s/{statusId}?t={statusToken}`. */
export const statusUrl = (baseUrl: string, statusId: string, token: string): string =>
  `${baseUrl}/s/${encodeURIComponent(statusId)}?t=${encodeURIComponent(token)}`;

/**
 * The specification's names for what the service calls otherwise, mapped here once: a report's
 * `ticketId` is the key of the feedback it made; its `statusId` is the report's own id (the token,
 * not the id, opens the tracking page).
 */
export const reportResponse = (baseUrl: string, feedbackKey: string, reportId: string, statusToken: string): ReportResponse => ({
  ok: true,
  ticketId: feedbackKey,
  merged: false,
  statusId: reportId,
  statusToken,
  statusUrl: statusUrl(baseUrl, reportId, statusToken),
});

import { REVENUE_FOLLOWS_REPORTS, revenueOf } from "../schema/triggers.ts";

/**
 * Of two reports of one company at the same moment, the one made last (the greater id) gives the
 * company's spend, as core's companiesOf has it on the reports in their order: the bare column of
 * `max(at)` took either.
 * Stored revenues are computed again.
 */
export default `
DROP TRIGGER report_revenue_added;
DROP TRIGGER report_revenue_moved;
DROP TRIGGER report_revenue_removed;
${REVENUE_FOLLOWS_REPORTS}
UPDATE feedbacks SET revenue = ${revenueOf("feedbacks.ref")}
  WHERE ref IN (SELECT feedback_ref FROM reports WHERE json_extract(body, '$.author.company.id') IS NOT NULL);
`;

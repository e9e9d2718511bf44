import { authorize } from "../authorization.ts";
import { fail, ok, type Result } from "../errors.ts";
import { reportContext } from "./full-context.ts";
import { toReport } from "./present.ts";
import { hasFullContext } from "../plans.ts";
import type { Grant } from "../model.ts";
import type { Report } from "../schemas/feedback.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import { attachmentLinks, type LinkDeps } from "../attachments/report-links.ts";
import { type FindDeps, resolveFeedback, noSuchFeedback } from "./find-feedback.ts";

type ReportDeps = FindDeps & LinkDeps & { readonly store: Pick<FeedbackStore, "listReports"> & Pick<OrganizationStore, "findOrganization"> };

/**
 * GET /v1/feedbacks/{key}/reports/{reportId}: one report of a feedback with what it alone carried.
 * A key grouped into another feedback reads the reports of that one; a report the feedback does not
 * hold is not found.
 */
export async function getReport(services: ReportDeps, grant: Grant, keyOrId: string, reportId: string): Promise<Result<Report>> {
  const allowed = authorize(grant, "feedbacks.read");
  if (!allowed.ok) return allowed;
  const feedback = await resolveFeedback(services, grant.orgId, keyOrId);
  if (!feedback) return noSuchFeedback(keyOrId);
  const [reports, organization] = await Promise.all([services.store.listReports(feedback.id), services.store.findOrganization(feedback.orgId)]);
  const report = reports.find((r) => r.id === reportId);
  if (!report) return fail("not_found");
  if (!organization || !hasFullContext(organization.plan)) return ok(toReport(report, null));
  const links = await attachmentLinks(services, [report.id]);
  return ok(toReport(report, reportContext(report, links.get(report.id) ?? {})));
}

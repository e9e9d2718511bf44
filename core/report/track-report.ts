import type { Language } from "../language.ts";
import { isTrackingToken } from "./tracking-token.ts";
import { STATUSES, type Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { PortalStore } from "../store/portals.ts";
import { statusLabel } from "../portal/status-labels.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import { shownOnTrackingPage } from "../conversation/shown-on-tracking-page.ts";
import { readNamings, titleShownTo } from "../feedback/shown-title.ts";
import type { MergeStore } from "../store/merges.ts";
import type { PublicationStore } from "../store/publications.ts";

type TrackDeps = FindDeps &
  Pick<Services, "digest"> & {
    readonly store: Pick<FeedbackStore, "findReportByStatusId" | "statusChanges" | "listComments"> &
      Pick<CatalogStore, "findApp"> &
      Pick<PortalStore, "findPortal"> &
      Pick<PublicationStore, "findPublications"> &
      Pick<MergeStore, "listMerges">;
  };

/** What the reporter's tracking page shows, and nothing else. */
interface Tracking {
  /** The title the feedback shows this reporter (titleShownTo); null: the page says "Your report". */
  readonly title: string | null;
  /** What the reporter wrote, as they wrote it (the title is drawn from it, and cut). */
  readonly message: string;
  /** The app the report is about, as its team named it. */
  readonly appName: string;
  readonly status: Status;
  /** Each status as people outside the team read it: the portal's names, the team's own where it gave them. */
  readonly statusNames: Readonly<Record<Status, string>>;
  readonly language: Language;
  /** When the report was received, then each status the feedback took, with its date. */
  readonly steps: ReadonlyArray<{ readonly status: Status | "received"; readonly at: number }>;
  /** The comments the page may show (shownOnTrackingPage), oldest first; `mine` for the reporter's own. */
  readonly comments: ReadonlyArray<{ readonly text: string; readonly at: number; readonly mine: boolean }>;
}

/**
 * The tracking page's data, if the token is the report's; null otherwise (unknown and wrong look the
 * same). In the report's language, unless the reader chose another (`reads`).
 */
export async function trackReport(services: TrackDeps, statusId: string, token: string, reads?: Language): Promise<Tracking | null> {
  const found = await services.store.findReportByStatusId(statusId);
  if (!found || !isTrackingToken(services.digest, token, found.tokenHash)) return null;
  const feedback = await resolveFeedback(services, found.report.orgId, found.report.feedbackId);
  if (!feedback) return null;
  const [changes, app, comments, portal, namings] = await Promise.all([
    services.store.statusChanges(feedback.id),
    services.store.findApp(feedback.orgId, feedback.appId),
    services.store.listComments(feedback.id),
    services.store.findPortal(feedback.orgId),
    readNamings(services, feedback.orgId, [feedback.id]),
  ]);
  const language = reads ?? found.report.language;
  const statusNames = Object.fromEntries(STATUSES.map((s) => [s, statusLabel(portal ?? { statusLabels: {} }, s, language)])) as Record<
    Status,
    string
  >;
  const reportId = found.report.id;
  // A change names the status left; the status reached is the next one's previous status, or the current one.
  const steps = changes.map((e, i) => ({ status: changes[i + 1]?.previousStatus ?? feedback.status, at: e.at }));
  return {
    title: titleShownTo(feedback, namings.get(feedback.id)!, { reports: [found.report] }),
    message: found.report.report.message,
    appName: app?.name ?? "",
    status: feedback.status,
    statusNames,
    language,
    steps: [{ status: "received", at: found.report.at }, ...steps],
    comments: comments.filter((c) => shownOnTrackingPage(c, reportId)).map((c) => ({ text: c.text, at: c.at, mine: c.reportId === reportId })),
  };
}

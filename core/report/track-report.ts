import type { Language } from "../language.ts";
import { isTrackingToken } from "./tracking-token.ts";
import { STATUSES, type Status } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import { statusLabel } from "../portal/status-labels.ts";
import { type FindDeps, resolveFeedback } from "../feedback/find-feedback.ts";
import { shownOnTrackingPage } from "../conversation/shown-on-tracking-page.ts";
import { readNamings, titleShownTo } from "../feedback/shown-title.ts";
import type { MergeStore } from "../store/merges.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { ChangelogStore } from "../store/changelog.ts";
import type { UserStore } from "../store/users.ts";
import { replySignature } from "../conversation/reply-signature.ts";
import { publishedOf, type ShippedIn } from "../changelog/public-changelog.ts";

type TrackDeps = FindDeps &
  Pick<Services, "digest"> & {
    readonly store: Pick<FeedbackStore, "findReportByStatusId" | "statusChanges" | "listComments"> &
      Pick<CatalogStore, "findApp"> &
      Pick<PortalStore, "findPortal"> &
      Pick<PublicationStore, "findPublications"> &
      Pick<MergeStore, "listMerges"> &
      Pick<ChangelogStore, "entriesLinking"> &
      Pick<UserStore, "findUser">;
  };

/** What the reporter's tracking page shows, and nothing else. */
interface Tracking {
  /** The title the feedback shows this reporter (titleShownTo); null: the page says "Your report". */
  readonly title: string | null;
  /** What the reporter wrote, as they wrote it (the title is drawn from it, and cut). */
  readonly message: string;
  /** The report was posted on the portal (its source): the page calls it the person's post. */
  readonly posted: boolean;
  /** The app the report is about, as its team named it. */
  readonly appName: string;
  readonly status: Status;
  /** Each status as people outside the team read it: the portal's names, the team's own where it gave them. */
  readonly statusNames: Readonly<Record<Status, string>>;
  readonly language: Language;
  /** When the report was received, then each status the feedback took, with its date. */
  readonly steps: ReadonlyArray<{ readonly status: Status | "received"; readonly at: number }>;
  /**
   * The comments the page may show (shownOnTrackingPage), oldest first: the reporter's own (`mine`),
   * and the team's replies, each `signed` as the portal and the e-mail sign it (replySignature;
   * absent: "the team").
   */
  readonly comments: ReadonlyArray<{ readonly text: string; readonly at: number; readonly mine: boolean; readonly signed?: string }>;
  /** The organization's portal while it is on, which the page links to; null while it is off. */
  readonly portal: { readonly slug: string; readonly title: string } | null;
  /** The feedback's key when it is published on that portal (its page there); null otherwise. */
  readonly portalKey: string | null;
  /** The published changelog entries that shipped the feedback (or one merged into it), newest first. */
  readonly shippedIn: readonly ShippedIn[];
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
  const [changes, app, comments, portal, namings, entries] = await Promise.all([
    services.store.statusChanges(feedback.id),
    services.store.findApp(feedback.orgId, feedback.appId),
    services.store.listComments(feedback.id),
    services.store.findPortal(feedback.orgId),
    readNamings(services, feedback.orgId, [feedback.id]),
    services.store.entriesLinking(feedback.orgId, feedback.id),
  ]);
  const reportId = found.report.id;
  const shown = comments.filter((c) => shownOnTrackingPage(c, reportId));
  const signatures = await teamSignatures(services, shown, portal);
  const language = reads ?? found.report.language;
  const statusNames = Object.fromEntries(STATUSES.map((s) => [s, statusLabel(portal ?? { statusLabels: {} }, s, language)])) as Record<
    Status,
    string
  >;
  // A change names the status left; the status reached is the next one's previous status, or the current one.
  const steps = changes.map((e, i) => ({ status: changes[i + 1]?.previousStatus ?? feedback.status, at: e.at }));
  return {
    title: titleShownTo(feedback, namings.get(feedback.id)!, { reports: [found.report] }),
    message: found.report.report.message,
    posted: found.report.source === "portal",
    appName: app?.name ?? "",
    status: feedback.status,
    statusNames,
    language,
    steps: [{ status: "received", at: found.report.at }, ...steps],
    comments: shown.map((c) => {
      const signed = signatures.get(c.userId);
      return { text: c.text, at: c.at, mine: c.reportId === reportId, ...(c.reportId === undefined && signed && { signed }) };
    }),
    portal: portal?.enabled ? { slug: portal.slug, title: portal.title } : null,
    portalKey: portal?.enabled && namings.get(feedback.id)!.publication ? feedback.key : null,
    shippedIn: publishedOf(entries),
  };
}

/** How each team member who replied is signed (replySignature), by user id: each member read once. */
async function teamSignatures(
  services: TrackDeps,
  shown: ReadonlyArray<{ readonly userId: string; readonly reportId?: string }>,
  portal: PortalRecord | null,
): Promise<Map<string, string | undefined>> {
  const members = [...new Set(shown.filter((c) => c.reportId === undefined).map((c) => c.userId))];
  return new Map(await Promise.all(members.map(async (id) => [id, replySignature((await services.store.findUser(id))?.name, portal)] as const)));
}

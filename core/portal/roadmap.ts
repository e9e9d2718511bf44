import { fail, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import type { Status } from "../schemas/feedback.ts";
import type { PublicFeedbackSummary } from "../schemas/portal.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { PortalRecord } from "../store/portals.ts";
import { type PublicListDeps, listPublicFeedbacks } from "./list-public-feedbacks.ts";
import { statusLabel } from "./status-labels.ts";

/** The roadmap's columns, in order. */
const ROADMAP_STATUSES = ["prioritized", "in_development", "fixed", "delivered"] as const satisfies readonly Status[];
/** Delivered feedbacks stay on the roadmap this long after their delivery. */
const DELIVERED_SHOWN_MS = 90 * 24 * 60 * 60 * 1000;
/** At most this many cards per column, most voted first. */
const PER_COLUMN = 50;

export interface RoadmapColumn {
  readonly status: Status;
  readonly label: string;
  readonly feedbacks: readonly PublicFeedbackSummary[];
}

/**
 * `/p/{slug}/roadmap`: published feedbacks in columns by status (prioritized, in development,
 * fixed, and delivered in the last 90 days), each column most voted (then most reported) first, under the portal's labels.
 */
export async function portalRoadmap(
  services: PublicListDeps & Pick<Services, "clock"> & { readonly store: Pick<FeedbackStore, "findFeedback" | "statusChanges"> },
  slug: string,
  language: Language,
): Promise<Result<{ readonly portal: PortalRecord; readonly columns: readonly RoadmapColumn[] }>> {
  const columns: RoadmapColumn[] = [];
  let portal: PortalRecord | null = null;
  for (const status of ROADMAP_STATUSES) {
    const listed = await listPublicFeedbacks(services, slug, { status, sort: "top", limit: PER_COLUMN }, language);
    if (!listed.ok) return listed;
    portal = listed.value.portal;
    const feedbacks = status === "delivered" ? await recentlyDelivered(services, portal.orgId, listed.value.page.data) : listed.value.page.data;
    columns.push({ status, label: statusLabel(portal, status, language), feedbacks });
  }
  return portal ? ok({ portal, columns }) : fail("not_found");
}

/** Those delivered in the last 90 days: their last status change (the one to delivered) is that recent. */
async function recentlyDelivered(
  services: Pick<Services, "clock"> & { readonly store: Pick<FeedbackStore, "findFeedback" | "statusChanges"> },
  orgId: string,
  delivered: readonly PublicFeedbackSummary[],
): Promise<PublicFeedbackSummary[]> {
  const since = services.clock() - DELIVERED_SHOWN_MS;
  const recent = await Promise.all(
    delivered.map(async (summary) => {
      const feedback = await services.store.findFeedback(orgId, summary.key);
      const deliveredAt = feedback && (await services.store.statusChanges(feedback.id)).at(-1)?.at;
      return deliveredAt !== undefined && deliveredAt !== null && deliveredAt >= since;
    }),
  );
  return delivered.filter((_, i) => recent[i]);
}

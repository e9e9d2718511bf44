import type { JobRequest } from "../feedback/events.ts";
import { positionOf } from "../feedback/order.ts";
import type { FeedbackRecord } from "../model.ts";
import { STATUSES } from "../schemas/feedback.ts";
import type { Services } from "../services.ts";
import type { FeedbackStore, ListPosition } from "../store/feedbacks.ts";
import type { FollowerStore } from "../store/followers.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { TeamStore } from "../store/team.ts";
import { teamMail } from "./team-mail.ts";
import { tellEach } from "../notify/tell-each.ts";
import { type DigestLine, digestMessage } from "./team-messages.ts";

const DAY = 24 * 60 * 60_000;
const PAGE = 100;
/** The most feedbacks a digest reads back through the week's activity. */
const MAX_READ = 2_000;
const MAX_LISTED = 10;
const TOP = 5;

export type SendDigestDeps = Pick<Services, "notifier" | "clock" | "baseUrl"> & {
  readonly store: Pick<FeedbackStore, "listFeedbacks"> &
    Pick<OrganizationStore, "findOrganization"> &
    Pick<TeamStore, "listTeam"> &
    Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
};

/** A feedback's votes, where the store counts them. */
const votesOf = (f: FeedbackRecord): number | undefined => ("votes" in f && typeof f.votes === "number" ? f.votes : undefined);

/** The feedbacks active in the last week, most recent first (merged ones left out, as in every list). */
async function activeSince(deps: SendDigestDeps, orgId: string, since: number): Promise<FeedbackRecord[]> {
  const found: FeedbackRecord[] = [];
  let after: ListPosition | null = null;
  while (found.length < MAX_READ) {
    const page = await deps.store.listFeedbacks(orgId, { statuses: STATUSES }, after, PAGE, "activity");
    const recent = page.filter((f) => f.lastActivityAt >= since);
    found.push(...recent);
    if (page.length < PAGE || recent.length < page.length) break;
    after = positionOf(page.at(-1)!, "activity");
  }
  return found;
}

/**
 * The daily digest of an organization (the job queueDigests queued): new feedbacks of the last 24
 * hours, the new P0 and P1 among them, and the week's most voted (most reported where votes are
 * not counted), to each member who asked for it, once a day, in their language. A day with no new
 * feedback sends nothing.
 */
export async function sendDigest(deps: SendDigestDeps, job: JobRequest): Promise<void> {
  const day = job.detail;
  if (!day) return;
  const readers = (await deps.store.listTeam(job.orgId)).filter((m) => m.digest);
  const org = await deps.store.findOrganization(job.orgId);
  if (readers.length === 0 || !org) return;
  const now = deps.clock();
  const week = await activeSince(deps, job.orgId, now - 7 * DAY);
  const created = week.filter((f) => f.createdAt >= now - DAY).sort((a, b) => b.createdAt - a.createdAt);
  if (created.length === 0) return;
  const line = (f: FeedbackRecord, count?: number): DigestLine => ({
    key: f.key,
    title: f.title,
    url: `${deps.baseUrl}/inbox/${encodeURIComponent(f.key)}`,
    ...(count !== undefined && { count }),
  });
  const topByVotes = week.some((f) => votesOf(f) !== undefined);
  const score = (f: FeedbackRecord) => (topByVotes ? (votesOf(f) ?? 0) : f.reports);
  const top = [...week]
    .sort((a, b) => score(b) - score(a) || b.lastActivityAt - a.lastActivityAt)
    .slice(0, TOP)
    .map((f) => line(f, score(f)));
  const urgent = created.filter((f) => f.severity === "P0" || f.severity === "P1");
  await tellEach(readers, (reader) =>
    teamMail(deps, {
      subjectId: job.orgId,
      key: `digest.${day}`,
      to: reader,
      words: (settingsUrl) =>
        digestMessage(reader.language, {
          orgName: org.name,
          createdCount: created.length,
          created: created.slice(0, MAX_LISTED).map((f) => line(f)),
          urgent: urgent.slice(0, MAX_LISTED).map((f) => line(f)),
          top,
          topByVotes,
          settingsUrl,
        }),
    }),
  );
}

import { normalizeEmail } from "../email.ts";
import { readNamings, titleShownTo } from "../feedback/shown-title.ts";
import type { FeedbackRecord } from "../model.ts";
import { portalUrl } from "../portal/portal-settings.ts";
import type { FeedbackStore } from "../store/feedbacks.ts";
import type { MergeStore } from "../store/merges.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { PortalRecord, PortalStore } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { UserStore } from "../store/users.ts";
import type { FollowerName } from "./follower-name.ts";

/**
 * How a feedback is named to the people following it: once published, by its public title and its
 * page on the portal (a voter knows it by no other, and the team's title is the team's own);
 * before, by the title it shows each of them (titleShownTo): a customer never reads another's words.
 */
interface PublicFace {
  nameFor(email: string): FollowerName;
  /** The feedback's page on the portal, when it is published there and the portal is on. */
  readonly page?: string;
}

type PublicFaceDeps = {
  readonly baseUrl: string;
  readonly store: Pick<PortalStore, "findPortal"> &
    Pick<OrganizationStore, "findOrganization"> &
    Pick<PublicationStore, "findPublications"> &
    Pick<MergeStore, "listMerges"> &
    Pick<FeedbackStore, "listReports"> &
    Pick<UserStore, "listMembers">;
};

/**
 * The public face of each of an organization's feedbacks, by id, the organization's portal it read
 * for them, and the name the organization's e-mails to its customers go out under (`sender`,
 * OutgoingMessage.senderName): the portal's title, the organization's name unless the team renamed
 * it for its customers, as they see it on the portal and as it signs the team's replies
 * (replySignature); the organization's name while no portal was saved.
 */
export async function publicFaces(
  deps: PublicFaceDeps,
  orgId: string,
  feedbacks: readonly FeedbackRecord[],
): Promise<{ readonly portal: PortalRecord | null; readonly faces: Map<string, PublicFace>; readonly sender?: string }> {
  const [namings, portal] = await Promise.all([
    readNamings(
      deps,
      orgId,
      feedbacks.map((f) => f.id),
    ),
    deps.store.findPortal(orgId),
  ]);
  const unpublished = feedbacks.some((f) => !namings.get(f.id)!.publication);
  // Who wrote what says who reported each, published or not (FollowerName.reporter); who is of the
  // team matters only where the feedback's own title might be read.
  const [reports, members] = await Promise.all([
    Promise.all(feedbacks.map(async (f) => [f.id, await deps.store.listReports(f.id)] as const)).then((all) => new Map(all)),
    unpublished ? deps.store.listMembers(orgId).then((all) => new Set(all.map((m) => normalizeEmail(m.email)))) : new Set<string>(),
  ]);
  const board = portal?.enabled ? portalUrl(deps.baseUrl, portal.slug) : undefined;
  const faces = new Map(
    feedbacks.map((f): [string, PublicFace] => {
      const naming = namings.get(f.id)!;
      const nameFor = (email: string): FollowerName => {
        const mine = reports.get(f.id)!.filter((r) => r.report.author.email === email);
        return { title: titleShownTo(f, naming, { reports: mine, member: members.has(email) }), reporter: mine.length > 0 };
      };
      return [f.id, { nameFor, ...(naming.publication && board && { page: `${board}/${encodeURIComponent(f.key)}` }) }];
    }),
  );
  const sender = portal?.title || (await deps.store.findOrganization(orgId))?.name;
  return { portal, faces, ...(sender && { sender }) };
}

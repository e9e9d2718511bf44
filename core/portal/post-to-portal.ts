import { type Static, Type } from "@sinclair/typebox";
import { reordersText, Text } from "../schemas/text.ts";
import { fail, invalid, ok, type Result } from "../errors.ts";
import type { Language } from "../language.ts";
import { resolveFeedback } from "../feedback/find-feedback.ts";
import { checkRateLimit } from "../rate-limits/check-rate-limit.ts";
import { type RecordDeps, recordFeedback } from "../report/record-feedback.ts";
import { firstProblem } from "../schemas/field-problem.ts";
import { literals } from "../schemas/literals.ts";
import type { CatalogStore } from "../store/catalog.ts";
import type { OrganizationStore } from "../store/organizations.ts";
import type { PortalPerson } from "../store/portal-people.ts";
import type { PortalRecord } from "../store/portals.ts";
import type { PublicationStore } from "../store/publications.ts";
import type { RateLimitStore } from "../store/rate-limits.ts";
import { type CastDeps, castVote } from "../votes/cast-vote.ts";
import { publicationWords } from "./publish-feedback.ts";

/** What a person may post from the portal: an idea or a problem. */
export const PORTAL_POST_KINDS = ["idea", "problem"] as const;
export const POST_TITLE_MAX = 120;
export const POST_DESCRIPTION_MAX = 5000;

/** The post form's fields as the core checks them (lengths in code points). */
export const PortalPostRequest = Type.Object({
  kind: literals(PORTAL_POST_KINDS),
  title: Text({ minLength: 1, maxLength: POST_TITLE_MAX }),
  description: Text({ maxLength: POST_DESCRIPTION_MAX }),
  appId: Type.Optional(Type.String()),
});
export type PortalPostRequest = Static<typeof PortalPostRequest>;

/** Posts one person may send per hour on a portal, and one client address on all portals. */
const POSTS_PER_EMAIL_PER_HOUR = 5;
const POSTS_PER_ADDRESS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

type PostDeps = RecordDeps &
  CastDeps & {
    readonly store: Pick<CatalogStore, "listApps"> & Pick<OrganizationStore, "findOrganization"> & Pick<PublicationStore, "publish"> & RateLimitStore;
  };

/**
 * A signed-in person posts an idea or a problem from the portal (DESIGN §6): a report with source
 * `portal` and the person as its author (who follows it, as every reporter does), on the app they
 * chose (the only one when there is one), grouped as any report. With posting `review` its new
 * feedback waits unpublished in the team's To review queue; with `open` it is published at once
 * under the person's title (never a description: that the team writes). The person's vote goes on
 * their post. Posting `off`: there is no such page (`not_found`). Limited per person and per
 * client address (`rate_limited`).
 */
export async function postToPortal(
  services: PostDeps,
  portal: PortalRecord,
  person: PortalPerson & { readonly language: Language },
  request: PortalPostRequest,
  address: string,
): Promise<Result<{ readonly key: string; readonly published: boolean }>> {
  if (!portal.enabled || portal.posting === "off") return fail("not_found");
  const cleaned = { ...request, title: request.title.trim(), description: request.description.trim() };
  const problem = firstProblem(PortalPostRequest, cleaned);
  if (problem) return invalid("invalid_body", problem);
  // The title is published as written: it must read as it is.
  if (reordersText(cleaned.title)) return invalid("invalid_body", { field: "title", reason: "reordering" });
  const apps = await services.store.listApps(portal.orgId);
  const app = cleaned.appId ? apps.find((a) => a.id === cleaned.appId) : apps.length === 1 ? apps[0] : undefined;
  if (!app) return invalid("invalid_body", { field: "appId", reason: cleaned.appId ? "unknown" : "missing" });
  const { store, clock } = services;
  const byAddress = await checkRateLimit(store, clock, `portal-post-address:${address}`, POSTS_PER_ADDRESS_PER_HOUR, HOUR_MS);
  if (!byAddress.ok) return byAddress;
  const byEmail = await checkRateLimit(store, clock, `portal-post-email:${portal.orgId}:${person.email}`, POSTS_PER_EMAIL_PER_HOUR, HOUR_MS);
  if (!byEmail.ok) return byEmail;
  const organization = await store.findOrganization(portal.orgId);
  if (!organization) return fail("not_found");
  const report = {
    kind: cleaned.kind,
    title: cleaned.title,
    message: cleaned.description || cleaned.title,
    author: { id: `portal:${person.email}`, email: person.email, ...(person.name && { name: person.name }) },
  };
  const recorded = await recordFeedback(services, {
    context: { app, organization },
    source: "portal",
    report,
    language: person.language,
    conversation: [],
  });
  if (!recorded.ok) return recorded;
  const { outcome } = recorded.value;
  if (outcome.kind !== "recorded") throw new Error(`a portal post was answered ${outcome.kind}`);
  const key = outcome.body.ticketId;
  const published = portal.posting === "open";
  const feedback = published && (await resolveFeedback(services, portal.orgId, key));
  if (feedback) {
    await store.publish({
      feedbackId: feedback.id,
      orgId: portal.orgId,
      title: cleaned.title,
      description: null,
      publishedAt: clock(),
      words: publicationWords(key, cleaned.title, null),
    });
  }
  // The person's vote goes on their own post; past their vote budget, the post stands without it.
  await castVote(
    services,
    { orgId: portal.orgId, email: person.email, ...(person.name && { name: person.name }), language: person.language },
    key,
    address,
    feedback || undefined,
  );
  return ok({ key, published });
}

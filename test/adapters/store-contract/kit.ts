import type { PortalRecord } from "../../../core/store/portals.ts";
import type { JobRequest } from "../../../core/feedback/events.ts";
import type { FeedbackRecord, Webhook } from "../../../core/model.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { CollectionStore, NewFeedback } from "../../../core/store/collection.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { QualificationSession } from "../../../core/store/qualifications.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { type MergeIntoDeps, mergeInto } from "../../../core/merges/merge-into.ts";
import type { MergeRecord } from "../../../core/merges/merge.ts";
import { planUnmergeNow, type UnmergeReadDeps } from "../../../core/merges/unmerge-feedback.ts";

/** What `seed` writes: an organization, its app and the app's channel. */
type Founding = Pick<OrganizationStore, "createOrganization"> & Pick<AppSetupStore, "createApp" | "createChannel">;

/** What `record` writes: a new feedback, as the collection records it. */
type Recording = Pick<CollectionStore, "recordFeedback">;

/**
 * What most suites arrange their cases with: `seed` an organization and `record` feedbacks in it
 * (`freeOrg` needs less). A suite names it beside the role it tests.
 */
export type Seeding = Founding & Recording;

/** A job about no feedback, naming its subject in its detail: the one that mails an invitation or a reset link. */
export const job = (kind: JobRequest["kind"], subject: string): JobRequest => ({ kind, orgId: "", feedbackId: "", detail: subject });

/**
 * What the store contract's suites build their cases from: fresh ids, seeded organizations and
 * people, new feedbacks, merges through the core's one merge. Each suite makes its own kit; each
 * case runs on a fresh, empty store.
 */
export function contractKit() {
  let n = 0;
  const id = (prefix: string) => `${prefix}-${String(++n).padStart(6, "0")}`;

  /** An organization on the enterprise plan, with an app and an active API channel. */
  async function seed(store: Founding) {
    const orgId = id("org");
    const prefix = `P${n}`;
    await store.createOrganization({ id: orgId, name: "Org", keyPrefix: prefix, plan: "enterprise", quotaOverride: null });
    const appId = id("app");
    await store.createApp({ id: appId, orgId, name: "App", kind: "web" }, 50);
    await store.createChannel({ id: id("ch"), orgId, appId, kind: "api", key: id("key"), active: true }, 50);
    return { orgId, appId, prefix };
  }

  async function record(
    store: Recording,
    org: { orgId: string; appId: string },
    message: string,
    at: number,
    limit: number | null = null,
  ): Promise<FeedbackRecord | null> {
    const recorded = await store.recordFeedback(newFeedback(org, message, at, limit));
    return recorded.state === "recorded" ? recorded.feedback : null;
  }

  /** A praise, recorded as `record` records a problem. */
  async function recordPraise(store: Recording, org: { orgId: string; appId: string }, message: string, at: number): Promise<FeedbackRecord | null> {
    const made = newFeedback(org, message, at);
    const recorded = await store.recordFeedback({
      ...made,
      feedback: { ...made.feedback, kind: "praise" },
      report: { ...made.report, report: { ...made.report.report, kind: "praise" } },
    });
    return recorded.state === "recorded" ? recorded.feedback : null;
  }

  function newFeedback(
    org: { orgId: string; appId: string },
    message: string,
    at: number,
    limit: number | null = null,
    feedbackId = id("fb"),
  ): NewFeedback {
    return {
      feedback: {
        id: feedbackId,
        orgId: org.orgId,
        appId: org.appId,
        title: message,
        kind: "problem",
        status: "triage",
        reports: 1,
        createdAt: at,
        lastActivityAt: at,
      },
      report: {
        id: id("r"),
        feedbackId,
        orgId: org.orgId,
        appId: org.appId,
        source: "api",
        report: { kind: "problem", message, author: {} },
        language: "en",
        conversation: [],
        statusId: id("s"),
        at,
      },
      statusTokenHash: "h",
      event: { id: id("e"), type: "feedback.created", orgId: org.orgId, feedbackId, createdAt: at },
      attachments: [],
      jobs: [{ kind: "group_report", orgId: org.orgId, feedbackId }],
      quota: { month: "2026-11", limit },
    };
  }

  /** Merges through the core's one merge, at a given time. */
  const merge = (store: MergeIntoDeps["store"], source: FeedbackRecord, target: FeedbackRecord, at: number, by: string | null = null) =>
    mergeInto({ store, clock: () => at, ids: { id: () => id("m"), secret: () => "s" } }, source, target, by, null);

  /** Plans the undoing of a merge on what the store holds now, as the core's unmerge reads it. */
  const planUndo = async (store: UnmergeReadDeps["store"], orgId: string, merged: MergeRecord, at: number, by: string | null) =>
    planUnmergeNow({ store }, merged, (await store.findFeedback(orgId, merged.sourceId))!, at, by);

  function qualificationSession(sessionId: string, expiresAt: number): QualificationSession {
    return {
      id: sessionId,
      orgId: "o",
      appId: "a",
      channelId: "c",
      channelKey: "key",
      source: "api",
      report: { kind: "problem", message: "m", author: {} },
      language: "en",
      conversation: [],
      answers: {},
      pending: { id: sessionId, status: "ask", questions: [{ id: "observed", prompt: "What happened?", mode: "text" }] },
      expiresAt,
    };
  }

  /** An organization on the free plan, with an app. */
  async function freeOrg(store: Pick<OrganizationStore, "createOrganization"> & Pick<AppSetupStore, "createApp">) {
    const orgId = id("org");
    await store.createOrganization({ id: orgId, name: `Org ${n}`, keyPrefix: `Q${n}`, plan: "free", quotaOverride: null });
    const appId = id("app");
    await store.createApp({ id: appId, orgId, name: "App", kind: "web" }, 50);
    return { orgId, appId };
  }

  async function person(store: Pick<UserStore, "createUser" | "setMembership">, orgId: string, role: "admin" | "member" | "reader" = "member") {
    const userId = id("user");
    await store.createUser({ id: userId, email: `${userId}@x.io` });
    await store.setMembership(orgId, userId, role);
    return { userId, email: `${userId}@x.io` };
  }

  /** A new idea with its first report and created event, at `at`. */
  const ideaFeedback = (orgId: string, appId: string, feedbackId: string, at: number, statusId = id("s")): NewFeedback => ({
    feedback: { id: feedbackId, orgId, appId, title: "t", kind: "idea", status: "triage", reports: 1, createdAt: at, lastActivityAt: at },
    report: {
      id: id("r"),
      feedbackId,
      orgId,
      appId,
      source: "api",
      report: { kind: "idea", message: "m", author: {} },
      language: "en",
      conversation: [],
      statusId,
      at,
    },
    statusTokenHash: "h",
    event: { id: id("e"), type: "feedback.created", orgId, feedbackId, createdAt: at },
    attachments: [],
    jobs: [],
    quota: { month: "2026-11", limit: null },
  });

  const webhook = (orgId: string, events: Webhook["events"] = ["feedback.created"]): Webhook => ({
    id: id("wh"),
    orgId,
    url: "https://example.com/hook",
    events,
    secretSealed: "sealed-1",
    previousSecretSealed: null,
    previousExpiresAt: null,
    createdAt: n,
    lastDelivery: null,
  });

  return { id, seed, record, recordPraise, newFeedback, merge, planUndo, qualificationSession, freeOrg, person, ideaFeedback, webhook };
}

/** A portal record with the settings a new portal has, changed by `fields`. */
export const portal = (orgId: string, slug: string, fields: Partial<PortalRecord> = {}): PortalRecord => ({
  orgId,
  enabled: true,
  slug,
  title: "Board",
  posting: "review",
  indexing: false,
  statusLabels: {},
  brandColor: null,
  signInUrl: null,
  changedAt: 1_000,
  ssoSecretSealed: null,
  ...fields,
});

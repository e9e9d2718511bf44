import type { FeedbackRecord } from "../../core/model.ts";
import type { StatusChangeRecord } from "../../core/store/feedbacks.ts";
import type { SlackConnection } from "../../core/store/slack.ts";
import { NOW } from "./fake-organization.ts";

/** A feedback of the fake organization's app, as the store holds it. */
export const feedbackRecord = (fields: Partial<FeedbackRecord> = {}): FeedbackRecord => ({
  id: "fb-1",
  orgId: "org",
  appId: "app",
  key: "ACME-1",
  title: "Export to PDF gives a blank page",
  kind: "problem",
  status: "triage",
  reports: 1,
  createdAt: NOW - 60_000,
  lastActivityAt: NOW - 60_000,
  ...fields,
});

/**
 * Feedbacks in memory, with the store methods that reading, showing and changing one name. Status
 * changes are compare-and-set, as in the real stores; `interfere` changes a status under the next
 * writer, as a concurrent request would.
 */
export function fakeFeedbacks(...records: FeedbackRecord[]) {
  const feedbacks = new Map(records.map((f) => [f.id, f]));
  /** The organization's Slack app; none unless a test connects one. */
  let slack: SlackConnection | null = null;
  const changes: StatusChangeRecord[] = [];
  let interference: FeedbackRecord["status"] | null = null;
  let next = 0;
  const store = {
    findFeedback: async (orgId: string, keyOrId: string) =>
      [...feedbacks.values()].find((f) => f.orgId === orgId && (f.id === keyOrId || f.key === keyOrId)) ?? null,
    findFeedbacks: async (orgId: string, ids: readonly string[]) => [...feedbacks.values()].filter((f) => f.orgId === orgId && ids.includes(f.id)),
    applyStatusChange: async (change: StatusChangeRecord) => {
      const current = feedbacks.get(change.feedbackId);
      if (interference && current) {
        feedbacks.set(current.id, { ...current, status: interference });
        interference = null;
        return false;
      }
      if (!current || current.status !== change.from) return false;
      feedbacks.set(current.id, { ...current, status: change.to });
      changes.push(change);
      return true;
    },
    findApp: async () => ({ id: "app", orgId: "org", name: "Acme web", kind: "web" as const }),
    findFeature: async () => null,
    listReports: async () => [],
    findOrganization: async () => ({ id: "org", name: "Acme", keyPrefix: "ACME", plan: "free" as const, quotaOverride: null }),
    listComments: async () => [],
    statusChanges: async () => [],
    triageChanges: async () => [],
    triageChangesAt: async () => [],
    listFollowers: async () => [],
    listTeam: async () => [],
    findUser: async () => null,
    listAttachments: async () => [],
    countFollowers: async () => new Map<string, number>(),
    findPublications: async () => new Map(),
    listMerges: async () => [],
    serviceSecret: async () => new Uint8Array(32),
    findSlackConnection: async () => slack,
  };
  return {
    feedbacks,
    changes,
    connectSlack: (connection: SlackConnection) => {
      slack = connection;
    },
    interfere: (status: FeedbackRecord["status"]) => {
      interference = status;
    },
    deps: {
      store,
      clock: () => NOW,
      ids: { id: () => `id-${++next}`, secret: () => `secret-${++next}` },
      baseUrl: "https://retour.test",
    },
  };
}

import { describe, expect, test } from "bun:test";
import type { SlackStore } from "../../../core/store/slack.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { StoreUpkeep } from "../../../core/store/upkeep.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = SlackStore &
  Pick<AppSetupStore, "createApp"> &
  Pick<JobQueue, "claimJob" | "queueJob"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<StoreUpkeep, "purgeExpired">;

/** Slack: each organization's connection, the Events API deliveries handled, and the jobs queued on their own. */
export function slackContract(makeStore: () => Promise<Subject>) {
  const { freeOrg } = contractKit();

  describe("slack", () => {
    test("an organization's Slack connection is set, replaced, found and removed, with its workspace; another organization has none", async () => {
      const store = await makeStore();
      const { orgId, appId } = await freeOrg(store);
      const other = await freeOrg(store);
      await store.setSlackConnection({ orgId, secretsSealed: "s1", kinds: [] });
      expect(await store.findSlackConnection(orgId)).toEqual({ orgId, secretsSealed: "s1", kinds: [] });
      const full = {
        orgId,
        secretsSealed: "s2",
        appId,
        channel: "C123",
        kinds: ["problem", "idea"] as const,
        minSeverity: "P1" as const,
        apiUrl: "http://127.0.0.1:9/api/",
        teamId: "T1",
        enterpriseId: "E1",
      };
      await store.setSlackConnection(full);
      expect(await store.findSlackConnection(orgId)).toEqual(full);
      expect(await store.findSlackConnection(other.orgId)).toBeNull();
      await store.removeSlackConnection(orgId);
      expect(await store.findSlackConnection(orgId)).toBeNull();
    });

    test("a connection keeps its last failure until a call that started after it succeeds; set again, it has none; without a connection none is kept", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const other = await freeOrg(store);
      const failure = { at: 100, error: "An API error occurred: token_revoked", refused: true };
      await store.recordSlackFailure(other.orgId, failure);
      expect(await store.findSlackConnection(other.orgId)).toBeNull();
      await store.setSlackConnection({ orgId, secretsSealed: "s1", kinds: [] });
      await store.recordSlackFailure(orgId, failure);
      expect((await store.findSlackConnection(orgId))?.lastFailure).toEqual(failure);
      await store.clearSlackFailure(orgId, 100);
      expect((await store.findSlackConnection(orgId))?.lastFailure).toEqual(failure);
      const later = { at: 200, error: "An API error occurred: not_in_channel", refused: false };
      await store.recordSlackFailure(orgId, later);
      await store.clearSlackFailure(orgId, 150);
      expect((await store.findSlackConnection(orgId))?.lastFailure).toEqual(later);
      await store.clearSlackFailure(orgId, 201);
      expect(await store.findSlackConnection(orgId)).toEqual({ orgId, secretsSealed: "s1", kinds: [] });
      await store.recordSlackFailure(orgId, later);
      await store.setSlackConnection({ orgId, secretsSealed: "s2", kinds: [] });
      expect(await store.findSlackConnection(orgId)).toEqual({ orgId, secretsSealed: "s2", kinds: [] });
    });

    test("an Events API delivery is recorded once: its retry (same event id) is known; expired ones are purged", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      expect(await store.recordSlackEvent(orgId, "Ev1", 1_000)).toBe(true);
      expect(await store.recordSlackEvent(orgId, "Ev1", 1_000)).toBe(false);
      expect(await store.recordSlackEvent(orgId, "Ev2", 1_000)).toBe(true);
      await store.purgeExpired(1_000);
      expect(await store.recordSlackEvent(orgId, "Ev1", 5_000)).toBe(true);
    });

    test("a job queued on its own keeps its detail; a job without one has none", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      await store.queueJob({ kind: "slack_report", orgId, feedbackId: "", detail: '{"text":"hi"}' }, 10);
      await store.queueJob({ kind: "slack_notice", orgId, feedbackId: "fb-1" }, 20);
      expect(await store.claimJob(9, 1_000, "l0")).toBeNull();
      expect((await store.claimJob(10, 1_000, "l1"))?.request).toEqual({ kind: "slack_report", orgId, feedbackId: "", detail: '{"text":"hi"}' });
      expect((await store.claimJob(20, 1_000, "l2"))?.request).toEqual({ kind: "slack_notice", orgId, feedbackId: "fb-1" });
    });
  });
}

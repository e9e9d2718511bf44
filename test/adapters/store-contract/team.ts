import { describe, expect, test } from "bun:test";
import type { JobRequest } from "../../../core/feedback/events.ts";
import type { TeamStore } from "../../../core/store/team.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = TeamStore &
  Pick<AppSetupStore, "createApp"> &
  Pick<JobQueue, "claimJob" | "completeJob"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<UserStore, "createUser" | "setMembership">;

/** The team: its members' notification settings, and the daily digests. */
export function teamContract(makeStore: () => Promise<Subject>) {
  const { freeOrg, person } = contractKit();

  describe("team", () => {
    test("the team lists members with their names and settings, defaults for those who chose none", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      await store.createUser({ id: "u-ann", email: "ann@x.io", name: "Ann Lee" });
      await store.setMembership(orgId, "u-ann", "admin");
      const plain = await person(store, orgId, "reader");
      await store.createUser({ id: "u-out", email: "out@x.io" });
      expect(await store.findTeamSettings("u-ann")).toBeNull();
      await store.saveTeamSettings("u-ann", { digest: true, language: "fr" });
      await store.saveTeamSettings("u-out", { digest: true, language: "en" });
      expect(await store.findTeamSettings("u-ann")).toEqual({ digest: true, language: "fr" });
      expect(await store.listTeam(orgId)).toEqual([
        { userId: "u-ann", email: "ann@x.io", name: "Ann Lee", role: "admin", digest: true, language: "fr" },
        { userId: plain.userId, email: plain.email, role: "reader", digest: false, language: "en" },
      ]);
      await store.saveTeamSettings("u-ann", { digest: false, language: "en" });
      expect(await store.findTeamSettings("u-ann")).toEqual({ digest: false, language: "en" });
    });

    test("a day's digest of an organization is queued once, with its job", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const digest: JobRequest = { kind: "send_digest", orgId, feedbackId: "", detail: "2026-11-25" };
      expect(await store.queueDigest(orgId, "2026-11-25", digest, 100)).toBe(true);
      expect(await store.queueDigest(orgId, "2026-11-25", digest, 200)).toBe(false);
      expect(await store.queueDigest(orgId, "2026-11-26", { ...digest, detail: "2026-11-26" }, 300)).toBe(true);
      const first = (await store.claimJob(100, 1_000, "lease-1"))!;
      expect(first.request).toEqual(digest);
      await store.completeJob(first);
      expect(await store.claimJob(200, 1_000, "lease-2")).toBeNull();
      expect((await store.claimJob(300, 1_000, "lease-3"))?.request.detail).toBe("2026-11-26");
    });
  });
}

import { describe, expect, test } from "bun:test";
import type { JobRequest } from "../../../core/feedback/events.ts";
import type { Store } from "../../../core/services.ts";
import type { Invitation } from "../../../core/store/invitations.ts";
import type { PasswordReset } from "../../../core/store/password-resets.ts";
import { contractKit } from "./kit.ts";

/** The team itself: invitations, password resets, saved views, notification settings and daily digests. */
export function teamContract(makeStore: () => Promise<Store>) {
  const { freeOrg, person, id } = contractKit();

  const invitation = (orgId: string, at: number, changes: Partial<Invitation> = {}): Invitation => ({
    id: id("inv"),
    orgId,
    email: `${id("guest")}@x.io`,
    role: "member",
    tokenHash: id("hash"),
    linkSealed: "sealed",
    language: "fr",
    invitedBy: "operator",
    createdAt: at,
    expiresAt: at + 1_000,
    usedAt: null,
    revokedAt: null,
    ...changes,
  });
  const reset = (userId: string, at: number): PasswordReset => ({
    id: id("reset"),
    userId,
    tokenHash: id("hash"),
    linkSealed: "sealed",
    language: "en",
    createdAt: at,
    expiresAt: at + 1_000,
    usedAt: null,
  });
  const job = (kind: JobRequest["kind"], subject: string): JobRequest => ({ kind, orgId: "", feedbackId: "", detail: subject });

  describe("team", () => {
    test("an invitation is written with its job, whose detail comes back with it, and is found by id and by token digest", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const invited = invitation(orgId, 10);
      await store.createInvitation(invited, job("send_invitation", invited.id));
      expect(await store.findInvitation(invited.id)).toEqual(invited);
      expect(await store.findInvitationByToken(invited.tokenHash)).toEqual(invited);
      expect(await store.findInvitationByToken("other")).toBeNull();
      const claimed = await store.claimJob(10, 1_000, "lease");
      expect(claimed?.request).toEqual({ kind: "send_invitation", orgId: "", feedbackId: "", detail: invited.id });
    });

    test("pending invitations are listed newest first; one revoked or used leaves the list; each happens once", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const [first, second, third] = [invitation(orgId, 10), invitation(orgId, 20), invitation(orgId, 30)];
      for (const i of [first!, second!, third!]) await store.createInvitation(i, job("send_invitation", i.id));
      expect((await store.listPendingInvitations(orgId)).map((i) => i.id)).toEqual([third!.id, second!.id, first!.id]);
      expect(await store.revokeInvitation("other-org", first!.id, 40)).toBe(false);
      expect(await store.revokeInvitation(orgId, first!.id, 40)).toBe(true);
      expect(await store.revokeInvitation(orgId, first!.id, 41)).toBe(false);
      expect(await store.useInvitation(first!.id, 42)).toBe(false);
      expect(await store.useInvitation(second!.id, 42)).toBe(true);
      expect(await store.useInvitation(second!.id, 43)).toBe(false);
      expect(await store.revokeInvitation(orgId, second!.id, 44)).toBe(false);
      expect((await store.listPendingInvitations(orgId)).map((i) => i.id)).toEqual([third!.id]);
      expect((await store.findInvitation(first!.id))?.revokedAt).toBe(40);
      expect((await store.findInvitation(second!.id))?.usedAt).toBe(42);
    });

    test("an expired invitation cannot be used", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const invited = invitation(orgId, 10);
      await store.createInvitation(invited, job("send_invitation", invited.id));
      expect(await store.useInvitation(invited.id, invited.expiresAt)).toBe(false);
      expect(await store.useInvitation(invited.id, invited.expiresAt - 1)).toBe(true);
    });

    test("a password reset is written with its job, found by id and token digest, and used once while live", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      const live = reset(userId, 10);
      const late = reset(userId, 20);
      await store.createPasswordReset(live, job("send_password_reset", live.id));
      await store.createPasswordReset(late, job("send_password_reset", late.id));
      expect(await store.findPasswordReset(live.id)).toEqual(live);
      expect(await store.findPasswordResetByToken(live.tokenHash)).toEqual(live);
      expect((await store.claimJob(10, 1_000, "lease"))?.request.detail).toBe(live.id);
      expect(await store.usePasswordReset(live.id, 500)).toBe(true);
      expect(await store.usePasswordReset(live.id, 501)).toBe(false);
      expect((await store.findPasswordReset(live.id))?.usedAt).toBe(500);
      expect(await store.usePasswordReset(late.id, late.expiresAt)).toBe(false);
    });

    test("a decoy reset has no person; purgeExpired deletes the reset links past their time, and only those", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      const early = reset(userId, 10);
      const later = reset(userId, 2_000);
      await store.createPasswordReset(early, job("send_password_reset", early.id));
      await store.createPasswordReset(later, job("send_password_reset", later.id));
      const decoy = { ...reset(userId, 10), userId: null };
      await store.createPasswordReset(decoy, job("send_password_reset", decoy.id));
      expect(await store.findPasswordResetByToken(decoy.tokenHash)).toEqual(decoy);
      await store.purgeExpired(early.expiresAt);
      expect(await store.findPasswordReset(early.id)).toBeNull();
      expect(await store.findPasswordReset(later.id)).toEqual(later);
    });

    test("saved views are each person's own, per organization, oldest first, deleted only by their person", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const ann = await person(store, orgId);
      const bob = await person(store, orgId);
      const view = (userId: string, name: string, at: number) => ({ id: id("view"), orgId, userId, name, query: "status=closed", createdAt: at });
      const later = view(ann.userId, "Closed ideas", 20);
      const sooner = view(ann.userId, "P0", 10);
      const bobs = view(bob.userId, "Mine", 5);
      for (const v of [later, sooner, bobs]) await store.saveView(v);
      expect(await store.listViews(orgId, ann.userId)).toEqual([sooner, later]);
      expect(await store.listViews("other-org", ann.userId)).toEqual([]);
      expect(await store.deleteView(orgId, ann.userId, bobs.id)).toBe(false);
      expect(await store.deleteView(orgId, ann.userId, sooner.id)).toBe(true);
      expect(await store.listViews(orgId, ann.userId)).toEqual([later]);
      expect(await store.listViews(orgId, bob.userId)).toEqual([bobs]);
    });

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

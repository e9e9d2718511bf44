import { describe, expect, test } from "bun:test";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { Invitation, InvitationStore } from "../../../core/store/invitations.ts";
import { contractKit, job } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = InvitationStore & Pick<AppSetupStore, "createApp"> & Pick<JobQueue, "claimJob"> & Pick<OrganizationStore, "createOrganization">;

/** Invitations: created with the job that mails them, listed while pending, used or revoked once. */
export function invitationsContract(makeStore: () => Promise<Subject>) {
  const { freeOrg, id } = contractKit();

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

  describe("invitations", () => {
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

    test("a new invitation to an address revokes that organization's pending ones to it, in the same write; used ones and other organizations' stay", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const other = await freeOrg(store);
      const email = "lena@x.io";
      const [used, earlier, elsewhere] = [invitation(orgId, 10, { email }), invitation(orgId, 20, { email }), invitation(other.orgId, 20, { email })];
      await store.createInvitation(used!, job("send_invitation", used!.id));
      expect(await store.useInvitation(used!.id, 15)).toBe(true);
      for (const i of [earlier!, elsewhere!]) await store.createInvitation(i, job("send_invitation", i.id));
      const latest = invitation(orgId, 30, { email });
      await store.createInvitation(latest, job("send_invitation", latest.id));
      expect((await store.listPendingInvitations(orgId)).map((i) => i.id)).toEqual([latest.id]);
      expect((await store.findInvitation(earlier!.id))?.revokedAt).toBe(30);
      expect((await store.findInvitation(used!.id))?.revokedAt).toBeNull();
      expect((await store.listPendingInvitations(other.orgId)).map((i) => i.id)).toEqual([elsewhere!.id]);
    });

    test("an expired invitation cannot be used", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const invited = invitation(orgId, 10);
      await store.createInvitation(invited, job("send_invitation", invited.id));
      expect(await store.useInvitation(invited.id, invited.expiresAt)).toBe(false);
      expect(await store.useInvitation(invited.id, invited.expiresAt - 1)).toBe(true);
    });
  });
}

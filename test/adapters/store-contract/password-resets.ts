import { describe, expect, test } from "bun:test";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { JobQueue } from "../../../core/store/jobs.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { StoreUpkeep } from "../../../core/store/upkeep.ts";
import type { UserStore } from "../../../core/store/users.ts";
import type { PasswordReset, PasswordResetStore } from "../../../core/store/password-resets.ts";
import { contractKit, job } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = PasswordResetStore &
  Pick<AppSetupStore, "createApp"> &
  Pick<JobQueue, "claimJob"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<StoreUpkeep, "purgeExpired"> &
  Pick<UserStore, "createUser" | "setMembership">;

/** Password reset links: created with the job that mails them, used once. */
export function passwordResetsContract(makeStore: () => Promise<Subject>) {
  const { freeOrg, person, id } = contractKit();

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

  describe("password resets", () => {
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

    test("using a reset uses the person's other unused links with it; another person's stay open", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      const other = await person(store, orgId);
      const [first, second, theirs] = [reset(userId, 10), reset(userId, 20), reset(other.userId, 30)];
      for (const r of [first, second, theirs]) await store.createPasswordReset(r, job("send_password_reset", r.id));
      expect(await store.usePasswordReset(second.id, 500)).toBe(true);
      expect((await store.findPasswordReset(first.id))?.usedAt).toBe(500);
      expect(await store.usePasswordReset(first.id, 501)).toBe(false);
      expect(await store.usePasswordReset(theirs.id, 502)).toBe(true);
    });

    test("closing a person's reset links uses every unused one of theirs; a used one keeps its time, another person's stays open", async () => {
      const store = await makeStore();
      const { orgId } = await freeOrg(store);
      const { userId } = await person(store, orgId);
      const other = await person(store, orgId);
      const [used, open, theirs] = [reset(userId, 10), reset(userId, 20), reset(other.userId, 30)];
      await store.createPasswordReset(used, job("send_password_reset", used.id));
      expect(await store.usePasswordReset(used.id, 100)).toBe(true);
      for (const r of [open, theirs]) await store.createPasswordReset(r, job("send_password_reset", r.id));
      await store.closePasswordResets(userId, 500);
      expect((await store.findPasswordReset(used.id))?.usedAt).toBe(100);
      expect((await store.findPasswordReset(open.id))?.usedAt).toBe(500);
      expect(await store.usePasswordReset(open.id, 501)).toBe(false);
      expect((await store.findPasswordReset(theirs.id))?.usedAt).toBeNull();
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
  });
}

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { JobRequest } from "../../core/feedback/events.ts";
import type { Grant, Role } from "../../core/model.ts";
import type { Invitation } from "../../core/store/invitations.ts";
import type { PasswordReset } from "../../core/store/password-resets.ts";
import { acceptInvitation } from "../../core/team/accept-invitation.ts";
import { INVITATIONS_PER_EMAIL, INVITATIONS_PER_ORGANIZATION, inviteMember } from "../../core/team/invite-member.ts";
import { requestPasswordReset } from "../../core/team/request-password-reset.ts";
import { resetPassword } from "../../core/team/reset-password.ts";

const DAY = 24 * 60 * 60_000;

/** One organization in memory, with what inviting, joining and resetting a password read and write. */
function fakeTeam(delivers = true) {
  let now = Date.UTC(2026, 10, 25, 9);
  let next = 0;
  const users = new Map<string, { id: string; email: string; name?: string; passwordHash: string | null }>();
  const members = new Map<string, Role>();
  const invitations = new Map<string, Invitation>();
  const resets = new Map<string, PasswordReset>();
  const jobs: JobRequest[] = [];
  const sessions = new Set<string>();
  const counters = new Map<string, number>();
  const store = {
    findUserByEmail: async (email: string) => [...users.values()].find((u) => u.email === email) ?? null,
    findUser: async (id: string) => users.get(id) ?? null,
    createUser: async (u: { id: string; email: string; name?: string }) => void users.set(u.id, { ...u, passwordHash: null }),
    listMembers: async () => [...members].map(([userId, role]) => ({ userId, email: users.get(userId)!.email, role })),
    setMembership: async (_orgId: string, userId: string, role: Role) => members.set(userId, role).has(userId),
    listMemberships: async (userId: string) => (members.has(userId) ? [{ orgId: "org", orgName: "Acme", role: members.get(userId)! }] : []),
    findCredentials: async (email: string) => {
      const u = [...users.values()].find((x) => x.email === email);
      return u ? { userId: u.id, passwordHash: u.passwordHash } : null;
    },
    setPassword: async (userId: string, hash: string) => {
      users.get(userId)!.passwordHash = hash;
    },
    deleteUserSessions: async (userId: string) => void sessions.delete(userId),
    findOrganization: async (id: string) =>
      id === "org" ? { id, name: "Acme", keyPrefix: "ACME", plan: "free" as const, quotaOverride: null } : null,
    createInvitation: async (i: Invitation, job: JobRequest) => {
      for (const [id, other] of invitations)
        if (other.email === i.email && other.usedAt === null && other.revokedAt === null) invitations.set(id, { ...other, revokedAt: i.createdAt });
      invitations.set(i.id, i);
      jobs.push(job);
    },
    findInvitationByToken: async (hash: string) => [...invitations.values()].find((i) => i.tokenHash === hash) ?? null,
    useInvitation: async (id: string, at: number) => {
      const i = invitations.get(id);
      if (!i || i.usedAt !== null || i.revokedAt !== null || i.expiresAt <= at) return false;
      invitations.set(id, { ...i, usedAt: at });
      return true;
    },
    findTeamSettings: async () => null,
    saveTeamSettings: async () => {},
    createPasswordReset: async (r: PasswordReset, job: JobRequest) => {
      resets.set(r.id, r);
      jobs.push(job);
    },
    findPasswordResetByToken: async (hash: string) => [...resets.values()].find((r) => r.tokenHash === hash) ?? null,
    usePasswordReset: async (id: string, at: number) => {
      const r = resets.get(id);
      if (!r || r.usedAt !== null || r.expiresAt <= at) return false;
      resets.set(id, { ...r, usedAt: at });
      return true;
    },
    closePasswordResets: async (userId: string, at: number) => {
      for (const [id, r] of resets) if (r.userId === userId && r.usedAt === null) resets.set(id, { ...r, usedAt: at });
    },
    hitRateLimit: async (bucket: string) => {
      counters.set(bucket, (counters.get(bucket) ?? 0) + 1);
      return counters.get(bucket)!;
    },
    rateCount: async (bucket: string) => counters.get(bucket) ?? 0,
    endedCount: async (bucket: string) => counters.get(bucket) ?? 0,
  };
  const deps = {
    store,
    clock: () => now,
    ids: { id: () => `id${++next}`, secret: () => `secret${++next}` },
    digest: (text: string) => `sha256(${text})`,
    secrets: { seal: async (text: string) => `sealed(${text})`, open: async (text: string) => text.slice(7, -1) },
    passwords: { hash: async (p: string) => `hash(${p})`, verify: async (p: string, h: string) => h === `hash(${p})` },
    baseUrl: "https://retour.example",
    notifier: { delivers },
  };
  const person = (email: string, role: Role | null, password: string | null = null): Grant => {
    const id = `user-${email.split("@")[0]}`;
    users.set(id, { id, email, passwordHash: password && `hash(${password})` });
    if (role) members.set(id, role);
    sessions.add(id);
    return { tokenId: "web", orgId: "org", userId: id, role: role ?? "reader", scopes: ["members:manage"], resource: null, agentId: null };
  };
  const advance = (ms: number) => {
    now += ms;
  };
  return { deps, users, members, invitations, resets, jobs, sessions, person, advance };
}

const tokenOf = (url: string) => new URL(url).searchParams.get("t")!;
const join = (team: ReturnType<typeof fakeTeam>, url: string, name: string, password: string) =>
  acceptInvitation(team.deps, { token: tokenOf(url), name, password, clientAddress: "192.0.2.1" });

describe("inviting", () => {
  test("an Admin's invitation keeps the link's digest, seals the link for its job, and expires in 7 days", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const invited = await inviteMember(team.deps, admin, { email: " Lena@Acme.test ", role: "member", language: "fr" });
    assert.ok(invited.ok);
    const { url, invitation } = invited.value;
    assert.match(url, /^https:\/\/retour\.example\/invitation\?t=secret\d+$/);
    const stored = team.invitations.get(invitation.id)!;
    assert.equal(stored.email, "lena@acme.test");
    assert.equal(stored.tokenHash, `sha256(${tokenOf(url)})`);
    assert.equal(stored.linkSealed, `sealed(${url})`);
    assert.equal(stored.expiresAt - stored.createdAt, 7 * DAY);
    assert.deepEqual(team.jobs, [{ kind: "send_invitation", orgId: "org", feedbackId: "", detail: invitation.id }]);
  });

  test("inviting an address again replaces its pending invitation: the earlier link no longer opens, the latest role holds", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const first = await inviteMember(team.deps, admin, { email: "lena@acme.test", role: "reader", language: "en" });
    const second = await inviteMember(team.deps, admin, { email: "Lena@Acme.test", role: "member", language: "en" });
    assert.ok(first.ok && second.ok);
    assert.deepEqual(
      [...team.invitations.values()].filter((i) => i.revokedAt === null).map((i) => [i.id, i.role]),
      [[second.value.invitation.id, "member"]],
    );
    assert.equal((await join(team, first.value.url, "Lena", "correct horse battery")).ok, false);
    assert.ok((await join(team, second.value.url, "Lena", "correct horse battery")).ok);
    assert.equal(team.members.get([...team.users.values()].find((u) => u.email === "lena@acme.test")!.id), "member");
  });

  test("a Member may not invite; a malformed address or role, and a member already in, are refused", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const member = team.person("max@acme.test", "member");
    assert.equal((await inviteMember(team.deps, member, { email: "x@acme.test", role: "member", language: "en" })).ok, false);
    const malformed = await inviteMember(team.deps, admin, { email: "not-an-address", role: "member", language: "en" });
    assert.deepEqual(malformed.ok ? null : [malformed.code, malformed.problem?.field], ["invalid_body", "email"]);
    const role = await inviteMember(team.deps, admin, { email: "x@acme.test", role: "owner", language: "en" });
    assert.deepEqual(role.ok ? null : [role.code, role.problem?.field], ["invalid_body", "role"]);
    assert.deepEqual(await inviteMember(team.deps, admin, { email: "MAX@acme.test", role: "reader", language: "en" }), {
      ok: false,
      code: "already_member",
    });
    assert.equal(team.jobs.length, 0);
  });

  test("an address is mailed three invitations an hour, and an organization invites fifty people an hour", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const invite = (email: string) => inviteMember(team.deps, admin, { email, role: "member", language: "en" });
    for (let i = 0; i < INVITATIONS_PER_EMAIL; i++) assert.equal((await invite("lena@acme.test")).ok, true);
    const again = await invite("Lena@Acme.test");
    assert.equal(!again.ok && again.code, "rate_limited");
    assert.ok(!again.ok && again.retryAfter! > 0);
    const others = INVITATIONS_PER_ORGANIZATION - INVITATIONS_PER_EMAIL;
    for (let i = 0; i < others; i++) assert.equal((await invite(`p${i}@acme.test`)).ok, true);
    const oneMore = await invite(`p${others}@acme.test`);
    assert.equal(!oneMore.ok && oneMore.code, "rate_limited");
    assert.equal(team.jobs.length, INVITATIONS_PER_ORGANIZATION);
    team.advance(70 * 60_000);
    assert.equal((await invite(`p${others}@acme.test`)).ok, true, "an hour later, with the slice it began in, the budget is whole again");
  });
});

describe("inviting on a service that sends no e-mail", () => {
  test("an address's invitations are not counted: nothing is mailed, and the Admin may make it a new link at once", async () => {
    const team = fakeTeam(false);
    const admin = team.person("root@acme.test", "admin");
    for (let i = 0; i <= INVITATIONS_PER_EMAIL; i++)
      assert.equal((await inviteMember(team.deps, admin, { email: "lena@acme.test", role: "member", language: "en" })).ok, true);
  });

  test("the organization's are: its fifty an hour bound the invitations it stores", async () => {
    const team = fakeTeam(false);
    const admin = team.person("root@acme.test", "admin");
    const invite = (email: string) => inviteMember(team.deps, admin, { email, role: "member", language: "en" });
    for (let i = 0; i < INVITATIONS_PER_ORGANIZATION; i++) assert.equal((await invite(`p${i}@acme.test`)).ok, true);
    const oneMore = await invite("one-more@acme.test");
    assert.equal(!oneMore.ok && oneMore.code, "rate_limited");
  });
});

describe("joining", () => {
  test("a new person joins with the invited role, once; a second use is refused as used", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const invited = await inviteMember(team.deps, admin, { email: "lena@acme.test", role: "reader", language: "en" });
    assert.ok(invited.ok);
    const joined = await join(team, invited.value.url, " Lena Park ", "long enough password");
    assert.ok(joined.ok);
    assert.deepEqual(team.users.get(joined.value.userId), {
      id: joined.value.userId,
      email: "lena@acme.test",
      name: "Lena Park",
      passwordHash: "hash(long enough password)",
    });
    assert.equal(team.members.get(joined.value.userId), "reader");
    assert.deepEqual(await join(team, invited.value.url, "Lena", "long enough password"), { ok: false, code: "link", state: "used" });
  });

  test("a person who is already a member keeps their role; one with an account must give its password", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const invited = await inviteMember(team.deps, admin, { email: "old@acme.test", role: "reader", language: "en" });
    assert.ok(invited.ok);
    const old = team.person("old@acme.test", null, "the old password");
    assert.deepEqual(await join(team, invited.value.url, "", "a wrong password"), { ok: false, code: "bad_credentials" });
    team.members.set(old.userId, "admin");
    assert.deepEqual(await join(team, invited.value.url, "", "the old password"), { ok: true, value: { userId: old.userId, orgId: "org" } });
    assert.equal(team.members.get(old.userId), "admin");
  });

  test("a link past its 7 days is expired, and nothing is made", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const invited = await inviteMember(team.deps, admin, { email: "late@acme.test", role: "member", language: "en" });
    assert.ok(invited.ok);
    team.advance(7 * DAY);
    assert.deepEqual(await join(team, invited.value.url, "Late", "long enough password"), { ok: false, code: "link", state: "expired" });
    assert.equal(await team.deps.store.findUserByEmail("late@acme.test"), null);
  });

  test("a short password or an empty name is refused before the link is used", async () => {
    const team = fakeTeam();
    const admin = team.person("root@acme.test", "admin");
    const invited = await inviteMember(team.deps, admin, { email: "new@acme.test", role: "member", language: "en" });
    assert.ok(invited.ok);
    assert.deepEqual(await join(team, invited.value.url, "New", "short"), { ok: false, code: "weak_password" });
    assert.deepEqual(await join(team, invited.value.url, "  ", "long enough password"), {
      ok: false,
      code: "invalid_body",
      problem: { field: "name", reason: "missing" },
    });
    assert.ok((await join(team, invited.value.url, "New", "long enough password")).ok);
  });
});

describe("forgot password", () => {
  const ask = (team: ReturnType<typeof fakeTeam>, email: string, clientAddress = "192.0.2.1") =>
    requestPasswordReset(team.deps, { email, clientAddress, language: "en" });
  const linkOf = (team: ReturnType<typeof fakeTeam>) => [...team.resets.values()].at(-1)!.linkSealed.slice(7, -1);

  test("a known and an unknown address get the same answer by the same writes: a link valid 30 minutes, or a decoy that opens nothing", async () => {
    const team = fakeTeam();
    const ann = team.person("ann@acme.test", "member", "the old password");
    assert.deepEqual(await ask(team, " ANN@acme.test "), await ask(team, "nobody@acme.test"));
    const [real, decoy] = team.resets.values();
    assert.equal(real!.userId, ann.userId);
    assert.equal(real!.expiresAt - real!.createdAt, 30 * 60_000);
    assert.equal(decoy!.userId, null);
    assert.deepEqual(
      team.jobs,
      [real!, decoy!].map((r) => ({ kind: "send_password_reset", orgId: "", feedbackId: "", detail: r.id })),
    );
    assert.deepEqual(await resetPassword(team.deps, { token: tokenOf(linkOf(team)), password: "a new password" }), { ok: false, code: "link" });
  });

  test("the link sets a password once and ends the person's sessions; a late one is refused", async () => {
    const team = fakeTeam();
    const ann = team.person("ann@acme.test", "member", "the old password");
    await ask(team, "ann@acme.test");
    const token = tokenOf(linkOf(team));
    assert.deepEqual(await resetPassword(team.deps, { token, password: "short" }), { ok: false, code: "weak_password" });
    assert.deepEqual(await resetPassword(team.deps, { token, password: "a new password" }), { ok: true, value: { userId: ann.userId } });
    assert.equal(team.users.get(ann.userId)!.passwordHash, "hash(a new password)");
    assert.equal(team.sessions.has(ann.userId), false);
    assert.deepEqual(await resetPassword(team.deps, { token, password: "another password" }), { ok: false, code: "link" });
    await ask(team, "ann@acme.test");
    team.advance(30 * 60_000);
    assert.deepEqual(await resetPassword(team.deps, { token: tokenOf(linkOf(team)), password: "a third password" }), { ok: false, code: "link" });
  });

  test("three requests an hour per e-mail, ten per client address", async () => {
    const team = fakeTeam();
    for (let i = 0; i < 3; i++) assert.equal((await ask(team, "ann@acme.test", `198.51.100.${i}`)).ok, true);
    const perEmail = await ask(team, "ann@acme.test", "198.51.100.9");
    assert.equal(perEmail.ok, false);
    assert.equal(!perEmail.ok && perEmail.code, "rate_limited");
    for (let i = 0; i < 10; i++) assert.equal((await ask(team, `p${i}@acme.test`, "203.0.113.1")).ok, true);
    assert.equal((await ask(team, "p10@acme.test", "203.0.113.1")).ok, false);
  });
});

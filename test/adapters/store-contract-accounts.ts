import { describe, expect, test } from "bun:test";
import type { AgentToken, Webhook } from "../../core/model.ts";
import type { Store } from "../../core/services.ts";
import type { NewFeedback } from "../../core/store/collection.ts";

/**
 * The store contract, part two: organizations and people, agents, webhooks and their deliveries,
 * trackers, attachments and the help center. Called by `storeContract`.
 */
export function accountsContract(name: string, makeStore: () => Promise<Store>) {
  let n = 0;
  const id = (prefix: string) => `${prefix}-${String(++n).padStart(6, "0")}`;

  async function org(store: Store) {
    const orgId = id("org");
    await store.createOrganization({ id: orgId, name: `Org ${n}`, keyPrefix: `Q${n}`, plan: "free", quotaOverride: null });
    const appId = id("app");
    await store.createApp({ id: appId, orgId, name: "App", kind: "web" });
    return { orgId, appId };
  }

  async function person(store: Store, orgId: string, role: "admin" | "member" | "reader" = "member") {
    const userId = id("user");
    await store.createUser({ id: userId, email: `${userId}@x.io` });
    await store.setMembership(orgId, userId, role);
    return { userId, email: `${userId}@x.io` };
  }

  /** A new feedback with its first report and created event, at `at`. */
  const newFeedback = (orgId: string, appId: string, feedbackId: string, at: number, statusId = id("s")): NewFeedback => ({
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

  describe(`${name} store contract: accounts, agents, webhooks`, () => {
    test("organizations are found by id or key prefix, listed by name, and keep their plan", async () => {
      const store = await makeStore();
      const { orgId } = await org(store);
      expect(await store.setPlan(orgId, "growth", 500)).toBe(true);
      const found = await store.findOrganization(orgId);
      expect(found).toMatchObject({ id: orgId, plan: "growth", quotaOverride: 500 });
      expect((await store.findOrganization(found!.keyPrefix))?.id).toBe(orgId);
      expect((await store.listOrganizations()).map((o) => o.id)).toContain(orgId);
    });

    test("channels are found by key with their app and organization, and can be disabled by id or key", async () => {
      const store = await makeStore();
      const { orgId, appId } = await org(store);
      const key = id("pk");
      await store.createChannel({ id: id("ch"), orgId, appId, kind: "api", key, active: true });
      expect(await store.findChannelByKey(key)).toMatchObject({ channel: { key, active: true }, app: { id: appId }, organization: { id: orgId } });
      expect(await store.setChannelActive(orgId, key, false)).toBe(true);
      expect((await store.listChannels(orgId, appId)).map((c) => c.active)).toEqual([false]);
      expect(await store.setChannelActive("another-org", key, true)).toBe(false);
    });

    test("replaceFeatures keeps the given ids, updates them, and drops the others; open feedbacks are counted", async () => {
      const store = await makeStore();
      const { orgId, appId } = await org(store);
      await store.replaceFeatures(orgId, appId, [
        { id: "f-a", name: "A", path: "a" },
        { id: "f-b", name: "B", path: "b", severityFloor: "P1", cues: ["pay"] },
      ]);
      await store.replaceFeatures(orgId, appId, [{ id: "f-b", name: "B2", path: "b", severityFloor: "P1", cues: ["pay"] }]);
      expect(await store.listFeatures(orgId, appId)).toEqual([
        { id: "f-b", orgId, appId, name: "B2", path: "b", severityFloor: "P1", cues: ["pay"], openFeedbacks: 0 },
      ]);
      expect(await store.findFeature(orgId, "f-a")).toBeNull();
    });

    test("help articles are replaced as a whole and listed by title", async () => {
      const store = await makeStore();
      const { orgId, appId } = await org(store);
      await store.replaceHelpArticles(orgId, appId, [{ id: "h1", title: "Zeta", url: "https://h/z", body: "z" }]);
      await store.replaceHelpArticles(orgId, appId, [
        { id: "h2", title: "Beta", url: "https://h/b", body: "b" },
        { id: "h3", title: "Alpha", url: "https://h/a", body: "a" },
      ]);
      expect((await store.listHelpArticles(orgId, appId)).map((a) => a.title)).toEqual(["Alpha", "Beta"]);
    });

    test("users, passwords, sessions and memberships", async () => {
      const store = await makeStore();
      const { orgId } = await org(store);
      const { userId, email } = await person(store, orgId, "admin");
      await store.setPassword(userId, "hash");
      expect(await store.findCredentials(email)).toEqual({ userId, passwordHash: "hash" });
      await store.createSession("s1", userId, 0, 100);
      expect(await store.findSession("s1", 50)).toEqual({ userId, email });
      expect(await store.findSession("s1", 100)).toBeNull();
      await store.deleteSession("s1");
      expect(await store.findSession("s1", 50)).toBeNull();
      expect(await store.listMemberships(userId)).toEqual([{ orgId, orgName: expect.any(String), role: "admin" }]);
      expect(await store.listMembers(orgId)).toEqual([{ userId, email, role: "admin" }]);
      expect(await store.removeMembership(orgId, userId)).toBe(true);
      expect(await store.listMemberships(userId)).toEqual([]);
    });

    test("personal tokens are listed and revoked once", async () => {
      const store = await makeStore();
      const { orgId } = await org(store);
      const { userId } = await person(store, orgId);
      await store.createToken({
        id: "pt1",
        tokenHash: "ph1",
        orgId,
        userId,
        scopes: ["feedbacks:read"],
        label: "cli",
        createdAt: 1,
        expiresAt: null,
      });
      expect(await store.listTokens(orgId)).toEqual([
        { id: "pt1", userId, label: "cli", scopes: ["feedbacks:read"], createdAt: 1, expiresAt: null, lastUsedAt: null, revoked: false },
      ]);
      expect(await store.authenticate("ph1", 100_000, 1_000)).toMatchObject({ tokenId: "pt1", agentId: null, resource: null });
      expect((await store.listTokens(orgId))[0]?.lastUsedAt).toBe(100_000);
      expect(await store.revokeToken(orgId, "pt1", 20)).toBe(true);
      expect(await store.revokeToken(orgId, "pt1", 21)).toBe(false);
    });

    describe("agents", () => {
      async function agentSetUp(store: Store) {
        const { orgId } = await org(store);
        const { userId } = await person(store, orgId);
        await store.createClient({ id: "client-1", name: "Claude", redirectUris: ["https://c/cb"], createdAt: 0 });
        const code = {
          codeHash: id("code"),
          clientId: "client-1",
          userId,
          orgId,
          redirectUri: "https://c/cb",
          codeChallenge: "x",
          scopes: ["feedbacks:read" as const],
          resource: "https://r/mcp",
          expiresAt: 100,
        };
        await store.createAuthCode(code);
        const agentId = id("agent");
        const token = (kind: "access" | "refresh", hash: string): AgentToken => ({
          id: id("tok"),
          tokenHash: hash,
          kind,
          agentId,
          orgId,
          userId,
          scopes: ["feedbacks:read"],
          resource: "https://r/mcp",
          createdAt: 1,
          expiresAt: 10_000,
        });
        const agent = {
          id: agentId,
          clientId: "client-1",
          userId,
          orgId,
          scopes: ["feedbacks:read" as const],
          resource: "https://r/mcp",
          createdAt: 5,
          lastUsedAt: 5,
        };
        return { orgId, userId, code, agent, agentId, token };
      }

      test("an authorization code is used once, by the agent it creates; read again, it names that agent", async () => {
        const store = await makeStore();
        const { code, agent, agentId, orgId, token } = await agentSetUp(store);
        expect(await store.findClient("client-1")).toEqual({ id: "client-1", name: "Claude", redirectUris: ["https://c/cb"], createdAt: 0 });
        // Reading consumes nothing.
        expect(await store.findAuthCode(code.codeHash)).toEqual({ code, previousAgentId: null, alreadyUsed: false });
        expect(await store.findAuthCode(code.codeHash)).toEqual({ code, previousAgentId: null, alreadyUsed: false });
        expect(await store.createAgent(agent, code.codeHash, [token("access", "a1"), token("refresh", "r1")], 5)).toBe(true);
        expect(await store.createAgent({ ...agent, id: "second" }, code.codeHash, [token("access", "a9")], 6)).toBe(false);
        expect(await store.findAuthCode(code.codeHash)).toEqual({ code, previousAgentId: agentId, alreadyUsed: true });
        expect(await store.findAuthCode("unknown")).toBeNull();
        expect(await store.authenticate("a9", 6, 1_000)).toBeNull();
        expect(await store.authenticate("a1", 6, 1_000)).toMatchObject({ agentId, resource: "https://r/mcp" });
        expect((await store.listAgents(orgId, null)).map((a) => [a.id, a.clientName])).toEqual([[agentId, "Claude"]]);
      });

      test("clients no one ever authorized are deleted after a while; a client with a code or an agent stays", async () => {
        const store = await makeStore();
        await agentSetUp(store); // client-1, with a code
        await store.createClient({ id: "idle", name: "Idle", redirectUris: ["https://i/cb"], createdAt: 0 });
        await store.createClient({ id: "recent", name: "Recent", redirectUris: ["https://r/cb"], createdAt: 50 });
        await store.deleteUnusedClients(10);
        expect(await store.findClient("idle")).toBeNull();
        expect(await store.findClient("recent")).not.toBeNull();
        expect(await store.findClient("client-1")).not.toBeNull();
      });

      test("a refresh token rotates once; presented again, it ends the whole agent", async () => {
        const store = await makeStore();
        const { code, agent, agentId, orgId, userId, token } = await agentSetUp(store);
        await store.createAgent(agent, code.codeHash, [token("access", "a1"), token("refresh", "r1")], 5);
        // Declined, the token stays unused.
        expect(await store.rotateRefreshToken("r1", "client-1", 9, 1_000, () => null)).toEqual({ state: "declined" });
        const rotated = await store.rotateRefreshToken("r1", "client-1", 10, 1_000, () => [token("access", "a2"), token("refresh", "r2")]);
        expect(rotated).toMatchObject({ state: "rotated", agent: { id: agentId, lastUsedAt: 10 } });
        expect(await store.rotateRefreshToken("r1", "other-client", 11, 1_000, () => [])).toEqual({ state: "invalid" });
        expect(await store.rotateRefreshToken("r1", "client-1", 11, 1_000, () => [])).toEqual({ state: "reused" });
        expect(await store.authenticate("a2", 12, 1_000)).toBeNull();
        expect(await store.listAgents(orgId, userId)).toEqual([]);
      });

      test("an agent is removed by its person or an Admin, and a client revokes its own token", async () => {
        const store = await makeStore();
        const { code, agent, agentId, orgId, token } = await agentSetUp(store);
        await store.createAgent(agent, code.codeHash, [token("access", "a1"), token("access", "a3")], 5);
        expect(await store.revokeTokenOfClient("a3", "other-client", 6)).toBe(false);
        expect(await store.revokeTokenOfClient("a3", "client-1", 6)).toBe(true);
        expect(await store.authenticate("a3", 7, 1_000)).toBeNull();
        expect(await store.revokeAgent(orgId, agentId, "someone-else", 8)).toBe(false);
        expect(await store.revokeAgent(orgId, agentId, null, 8)).toBe(true);
        expect(await store.authenticate("a1", 9, 1_000)).toBeNull();
      });
    });

    describe("webhooks", () => {
      test("at most `limit` webhooks per organization; deleting one makes room", async () => {
        const store = await makeStore();
        const { orgId } = await org(store);
        const first = webhook(orgId);
        expect(await store.createWebhook(first, 2)).toBe(true);
        expect(await store.createWebhook(webhook(orgId), 2)).toBe(true);
        expect(await store.createWebhook(webhook(orgId), 2)).toBe(false);
        expect(await store.deleteWebhook(orgId, first.id)).toBe(true);
        expect(await store.createWebhook(webhook(orgId), 2)).toBe(true);
        expect((await store.listWebhooks(orgId)).length).toBe(2);
      });

      test("rotation keeps the former secret as the previous one", async () => {
        const store = await makeStore();
        const { orgId } = await org(store);
        const hook = webhook(orgId);
        await store.createWebhook(hook, 5);
        expect(await store.rotateWebhookSecret(orgId, hook.id, "sealed-2", 99)).toBe(true);
        expect(await store.findWebhook(orgId, hook.id)).toMatchObject({
          secretSealed: "sealed-2",
          previousSecretSealed: "sealed-1",
          previousExpiresAt: 99,
        });
        expect(await store.rotateWebhookSecret("another-org", hook.id, "sealed-3", 99)).toBe(false);
      });

      test("an event fans out to the subscribed webhooks; a delivery is leased to one worker and finished with its lease", async () => {
        const store = await makeStore();
        const { orgId, appId } = await org(store);
        const subscribed = webhook(orgId, ["feedback.created"]);
        await store.createWebhook(subscribed, 5);
        await store.createWebhook(webhook(orgId, ["feedback.shipped"]), 5);
        const feedbackId = id("fb");
        await store.recordFeedback(newFeedback(orgId, appId, feedbackId, 100));
        const claimed = await store.claimDelivery(100, 1_000, "lease-1");
        expect(claimed).toMatchObject({ attempt: 1, webhook: { id: subscribed.id }, event: { type: "feedback.created", feedbackId } });
        expect(await store.claimDelivery(100, 1_000, "lease-2")).toBeNull();
        const result = { at: 101, status: 500, error: null, durationMs: 3 };
        await store.finishDelivery(claimed!, { state: "retry", runAt: 200 }, result);
        expect((await store.findWebhook(orgId, subscribed.id))?.lastDelivery).toEqual(result);
        expect(await store.claimDelivery(199, 1_000, "lease-3")).toBeNull();
        const again = await store.claimDelivery(200, 1_000, "lease-4");
        expect(again?.attempt).toBe(2);
        await store.finishDelivery({ ...again!, leaseToken: "stale" }, { state: "done" }, { ...result, status: 200 });
        expect((await store.findWebhook(orgId, subscribed.id))?.lastDelivery?.status).toBe(500);
        await store.finishDelivery(again!, { state: "done" }, { ...result, status: 200 });
        expect(await store.claimDelivery(10_000, 1_000, "lease-5")).toBeNull();
      });
    });

    test("trackers: an app's tracker, found by project; a feedback found by its issue key", async () => {
      const store = await makeStore();
      const { orgId, appId } = await org(store);
      await store.setAppTracker({ orgId, appId, provider: "github", settingsSealed: "s", project: "acme/app" });
      expect(await store.findAppTracker(orgId, appId)).toEqual({ orgId, appId, provider: "github", settingsSealed: "s" });
      expect((await store.findAppTrackersByProject("github", "acme/app")).map((t) => t.appId)).toEqual([appId]);
      const channel = id("pk");
      await store.createChannel({ id: id("ch"), orgId, appId, kind: "api", key: channel, active: true });
      const feedbackId = id("fb");
      await store.recordFeedback({
        ...newFeedback(orgId, appId, feedbackId, 1, "status-1"),
        statusTokenHash: "token-hash",
        follower: { feedbackId, email: "ann@x.io", language: "fr" },
      });
      await store.setFeedbackTracker(orgId, feedbackId, { key: "acme/app#7", provider: "github", status: "open" });
      expect((await store.findFeedbackByTracker(orgId, "acme/app#7"))?.id).toBe(feedbackId);
      expect(await store.findReportByStatusId("status-1")).toMatchObject({ report: { feedbackId }, tokenHash: "token-hash" });
      expect(await store.listFollowers(feedbackId)).toEqual([{ feedbackId, email: "ann@x.io", language: "fr" }]);
      await store.addFollower({ feedbackId, email: "bob@x.io", name: "Bob", language: "en" });
      expect(await store.removeFollower(feedbackId, "ann@x.io")).toBe(true);
      expect(await store.listFollowers(feedbackId)).toEqual([{ feedbackId, email: "bob@x.io", name: "Bob", language: "en" }]);
      await store.setTriage(orgId, feedbackId, { severity: "P2", title: "Payment page freezes" });
      expect(await store.findFeedback(orgId, feedbackId)).toMatchObject({ severity: "P2", title: "Payment page freezes" });
      expect((await store.listFeedbacks(orgId, { statuses: ["triage"], words: ["freez"] }, null, 5)).map((f) => f.id)).toEqual([feedbackId]);
      expect(await store.statusChanges(feedbackId)).toEqual([]);
    });

    test("attachments are listed by the reports that carry them, oldest first, and found by id", async () => {
      const store = await makeStore();
      const file = (report: string, createdAt: number) => ({
        id: id("att"),
        orgId: "o",
        feedbackId: "f",
        reportId: report,
        kind: "screenshot" as const,
        storageKey: "k",
        contentType: "image/png",
        createdAt,
      });
      const [later, earlier, other] = [file("r1", 2), file("r2", 1), file("r3", 3)];
      for (const a of [later, earlier, other]) await store.addAttachment(a);
      expect(await store.listAttachments(["r1", "r2"])).toEqual([earlier, later]);
      expect(await store.listAttachments(["r3"])).toEqual([other]);
      expect(await store.listAttachments(["none"])).toEqual([]);
      expect(await store.findAttachment(later.id)).toEqual(later);
    });

    test("the service secret is created once and read back the same", async () => {
      const store = await makeStore();
      const first = await store.serviceSecret();
      expect(first.length).toBe(32);
      expect(await store.serviceSecret()).toEqual(first);
      expect(await store.ping()).toBe(true);
    });
  });
}

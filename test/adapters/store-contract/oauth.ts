import { describe, expect, test } from "bun:test";
import type { AgentToken } from "../../../core/model.ts";
import type { OAuthStore } from "../../../core/store/oauth.ts";
import type { AccessStore } from "../../../core/store/access.ts";
import type { AppSetupStore } from "../../../core/store/app-setup.ts";
import type { OrganizationStore } from "../../../core/store/organizations.ts";
import type { UserStore } from "../../../core/store/users.ts";
import { contractKit } from "./kit.ts";

/** The role under test, and what its cases arrange and read with. */
type Subject = OAuthStore &
  Pick<AccessStore, "authenticate"> &
  Pick<AppSetupStore, "createApp"> &
  Pick<OrganizationStore, "createOrganization"> &
  Pick<UserStore, "createUser" | "setMembership" | "removeMembership">;

/** OAuth: clients, codes, agents and their tokens. */
export function oauthContract(makeStore: () => Promise<Subject>) {
  const { id, freeOrg, person } = contractKit();

  describe("oauth", () => {
    describe("agents", () => {
      async function agentSetUp(store: Subject) {
        const { orgId } = await freeOrg(store);
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

      test("the agents list names each agent's application and the addresses its client may be sent back to", async () => {
        const store = await makeStore();
        const { code, agent, orgId, token } = await agentSetUp(store);
        await store.createAgent(agent, code.codeHash, [token("access", "a1")], 5);
        expect((await store.listAgents(orgId, null)).map((a) => [a.clientName, a.redirectUris])).toEqual([["Claude", ["https://c/cb"]]]);
      });

      /** Authorizes client-1 for the person in the organization (or as `grant` says): a code, then its agent with one access and one refresh token, `${name}-a` and `${name}-r`. */
      const authorizer =
        (store: Subject, orgId: string, userId: string) =>
        async (name: string, at: number, grant: { clientId?: string; orgId?: string; userId?: string; resource?: string } = {}) => {
          const agent = {
            id: id("agent"),
            clientId: "client-1",
            orgId,
            userId,
            resource: "https://r/mcp",
            ...grant,
            scopes: ["feedbacks:read" as const],
            createdAt: at,
            lastUsedAt: at,
          };
          const codeHash = id("code");
          const { id: _, createdAt: __, lastUsedAt: ___, ...bound } = agent;
          await store.createAuthCode({ ...bound, codeHash, redirectUri: "https://c/cb", codeChallenge: "x", expiresAt: at + 60 });
          const common = {
            agentId: agent.id,
            orgId: agent.orgId,
            userId: agent.userId,
            scopes: agent.scopes,
            resource: agent.resource,
            createdAt: at,
          };
          const tokens: AgentToken[] = [
            { ...common, id: id("tok"), tokenHash: `${name}-a`, kind: "access", expiresAt: at + 10_000 },
            { ...common, id: id("tok"), tokenHash: `${name}-r`, kind: "refresh", expiresAt: at + 10_000 },
          ];
          expect(await store.createAgent(agent, codeHash, tokens, at)).toBe(true);
          return agent.id;
        };

      /** The person, also a member of another organization, with a colleague and a second client (client-2): the agents an authorization or a removal must leave alone. */
      const amongOthers = async (store: Subject) => {
        const { orgId, userId } = await agentSetUp(store);
        const { orgId: otherOrgId } = await freeOrg(store);
        await store.setMembership(otherOrgId, userId, "member");
        const { userId: colleagueId } = await person(store, orgId);
        await store.createClient({ id: "client-2", name: "Cursor", redirectUris: ["https://d/cb"], createdAt: 0 });
        return { orgId, userId, otherOrgId, colleagueId, authorize: authorizer(store, orgId, userId) };
      };

      test("an agent replaces the earlier live agents of its client, person and organization for a resource it covers, whose tokens stop at once; the others stay", async () => {
        const store = await makeStore();
        const { orgId, userId, otherOrgId, colleagueId, authorize } = await amongOthers(store);
        await authorize("first", 10);
        const others = [
          await authorize("client", 11, { clientId: "client-2" }),
          await authorize("resource", 12, { resource: "https://r/v1" }),
          await authorize("org", 13, { orgId: otherOrgId }),
          await authorize("colleague", 14, { userId: colleagueId }),
        ];
        const again = await authorize("again", 20);
        expect(await store.authenticate("first-a", 21, 1_000)).toBeNull();
        expect(await store.rotateRefreshToken("first-r", "client-1", 21, 1_000, () => [])).toEqual({ state: "invalid" });
        for (const name of ["client", "resource", "org", "colleague", "again"])
          expect(await store.authenticate(`${name}-a`, 21, 1_000)).not.toBeNull();
        const listed = [...(await store.listAgents(orgId, null)), ...(await store.listAgents(otherOrgId, null))].map((a) => a.id);
        expect(listed.sort()).toEqual([...others, again].sort());
        // The service itself holds both resources: allowed it, the application's agents for each are replaced.
        const whole = await authorize("whole", 30, { resource: "https://r" });
        for (const name of ["resource", "again"]) expect(await store.authenticate(`${name}-a`, 31, 1_000)).toBeNull();
        expect((await store.listAgents(orgId, userId)).map((a) => a.id).sort()).toEqual([others[0]!, whole].sort());
      });

      test("agents last used at the same moment are listed by id, the greatest first, as the most recent are", async () => {
        const store = await makeStore();
        const { orgId, colleagueId, authorize } = await amongOthers(store);
        const made = [
          await authorize("one", 10),
          await authorize("two", 10, { clientId: "client-2" }),
          await authorize("three", 10, { userId: colleagueId }),
        ];
        expect((await store.listAgents(orgId, null)).map((a) => a.id)).toEqual(made.toReversed());
      });

      test("two authorizations of one application by one person at the same moment leave one agent of it", async () => {
        const store = await makeStore();
        const { orgId, userId } = await agentSetUp(store);
        const authorize = authorizer(store, orgId, userId);
        await Promise.all([authorize("one", 10), authorize("two", 10)]);
        expect((await store.listAgents(orgId, userId)).filter((agent) => agent.clientId === "client-1")).toHaveLength(1);
      });

      test("a person removed from the organization loses their agents for good: added again, the agent's tokens stay refused", async () => {
        const store = await makeStore();
        const { code, agent, orgId, userId, token } = await agentSetUp(store);
        await store.createAgent(agent, code.codeHash, [token("access", "a1"), token("refresh", "r1")], 5);
        expect(await store.removeMembership(orgId, userId, 20)).toBe(true);
        await store.setMembership(orgId, userId, "member");
        expect(await store.authenticate("a1", 30, 1_000)).toBeNull();
        expect(await store.listAgents(orgId, null)).toEqual([]);
        expect(await store.rotateRefreshToken("r1", "client-1", 30, 1_000, () => [token("access", "a2")])).toMatchObject({ state: "invalid" });
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
        expect(await store.revokeAgents(orgId, [agentId], "someone-else", 8)).toBe(false);
        expect(await store.revokeAgents(orgId, [agentId], null, 8)).toBe(true);
        expect(await store.authenticate("a1", 9, 1_000)).toBeNull();
        expect(await store.revokeAgents(orgId, [agentId], null, 9)).toBe(false);
      });

      test("several agents are removed together, each with all its tokens; those of another person or organization, or not named, stay", async () => {
        const store = await makeStore();
        const { orgId, userId, otherOrgId, colleagueId, authorize } = await amongOthers(store);
        const mcp = await authorize("mcp", 10);
        const rest = await authorize("rest", 11, { resource: "https://r/v1" });
        const kept = await authorize("kept", 12, { clientId: "client-2" });
        const colleague = await authorize("colleague", 13, { userId: colleagueId });
        const elsewhere = await authorize("elsewhere", 14, { orgId: otherOrgId });
        expect(await store.revokeAgents(orgId, [mcp, rest, colleague, elsewhere], userId, 20)).toBe(true);
        for (const name of ["mcp", "rest"]) {
          expect(await store.authenticate(`${name}-a`, 21, 1_000)).toBeNull();
          expect(await store.rotateRefreshToken(`${name}-r`, "client-1", 21, 1_000, () => [])).toEqual({ state: "invalid" });
        }
        for (const name of ["kept", "colleague", "elsewhere"]) expect(await store.authenticate(`${name}-a`, 21, 1_000)).not.toBeNull();
        expect((await store.listAgents(orgId, null)).map((a) => a.id).sort()).toEqual([kept, colleague].sort());
      });

      test("a client revoking an access token ends that token alone; revoking a refresh token ends its whole grant", async () => {
        const store = await makeStore();
        const { code, agent, orgId, userId, token } = await agentSetUp(store);
        await store.createAgent(agent, code.codeHash, [token("access", "a1"), token("access", "a2"), token("refresh", "r1")], 5);
        expect(await store.revokeTokenOfClient("a2", "client-1", 6)).toBe(true);
        expect(await store.authenticate("a2", 7, 1_000)).toBeNull();
        expect(await store.authenticate("a1", 7, 1_000)).not.toBeNull();
        expect(await store.revokeTokenOfClient("r1", "client-1", 8)).toBe(true);
        // RFC 7009 §2.1: the access tokens of the same grant go with it, and so does the agent.
        expect(await store.authenticate("a1", 9, 1_000)).toBeNull();
        expect(await store.listAgents(orgId, userId)).toEqual([]);
      });
    });
  });
}

import type { AppRecord, Channel, Grant, Organization, Role, Scope } from "../../core/model.ts";
import type { TokenStore } from "../../core/store/tokens.ts";
import type { MembersGuard } from "../../core/store/users.ts";

/** A frozen clock: 2026-11-23T12:00:00Z. */
export const NOW = Date.UTC(2026, 10, 23, 12);

/** A token as listed, with the digest it is found by. */
type TokenRow = Awaited<ReturnType<TokenStore["listTokens"]>>[number] & { tokenHash: string };

/** A token's grant: a person with a role, holding some scopes. */
export const tokenGrant = (role: Role, scopes: readonly Scope[]): Grant => ({
  tokenId: "t",
  orgId: "o",
  userId: "u",
  role,
  scopes,
  resource: null,
  agentId: null,
});

/**
 * One organization in memory, with exactly the store methods the organization's use cases name:
 * people and members, personal tokens, apps and channels, features and help articles.
 */
export function fakeOrganization() {
  const organization: Organization = { id: "org", name: "Acme", keyPrefix: "ACME", plan: "free", quotaOverride: null };
  const organizations = new Map<string, Organization>([[organization.id, organization]]);
  const users = new Map<string, { id: string; email: string }>();
  const members = new Map<string, Role>();
  const tokens: TokenRow[] = [];
  const apps: AppRecord[] = [];
  const channels: Channel[] = [];
  const features = new Map<string, unknown[]>();
  const articles = new Map<string, unknown[]>();
  let next = 0;
  const membersNow = () => [...members].map(([userId, role]) => ({ userId, role }));

  const store = {
    findOrganization: async (idOrPrefix: string) =>
      [...organizations.values()].find((o) => o.id === idOrPrefix || o.keyPrefix === idOrPrefix) ?? null,
    createOrganization: async (org: Organization) => void organizations.set(org.id, org),
    findUserByEmail: async (email: string) => [...users.values()].find((u) => u.email === email) ?? null,
    listMembers: async (_orgId: string) => [...members].map(([userId, role]) => ({ userId, email: users.get(userId)!.email, role })),
    setMembership: async (_orgId: string, userId: string, role: Role, refuseIf?: MembersGuard) =>
      !refuseIf?.(membersNow()) && members.set(userId, role).has(userId),
    removeMembership: async (_orgId: string, userId: string, _at: number, refuseIf?: MembersGuard) =>
      !refuseIf?.(membersNow()) && members.delete(userId),
    createToken: async (token: Omit<TokenRow, "lastUsedAt" | "revoked" | "scopes"> & { scopes: readonly Scope[] }) =>
      void tokens.push({ ...token, scopes: [...token.scopes], lastUsedAt: null, revoked: false }),
    listTokens: async (_orgId: string) => tokens.map(({ tokenHash: _, ...t }) => t),
    revokeToken: async (_orgId: string, id: string) => {
      const token = tokens.find((t) => t.id === id && !t.revoked);
      if (token) token.revoked = true;
      return token !== undefined;
    },
    createApp: async (app: AppRecord, limit: number) => apps.filter((a) => a.orgId === app.orgId).length < limit && apps.push(app) > 0,
    findApp: async (orgId: string, appId: string) => apps.find((a) => a.orgId === orgId && a.id === appId) ?? null,
    listApps: async (orgId: string) => apps.filter((a) => a.orgId === orgId),
    createChannel: async (channel: Channel, limit: number) =>
      channels.filter((c) => c.appId === channel.appId).length < limit && channels.push(channel) > 0,
    listChannels: async (orgId: string) => channels.filter((c) => c.orgId === orgId),
    setChannelActive: async (orgId: string, idOrKey: string, active: boolean) => {
      const channel = channels.find((c) => c.orgId === orgId && (c.id === idOrKey || c.key === idOrKey));
      if (channel) Object.assign(channel, { active });
      return channel !== undefined;
    },
    replaceFeatures: async (_orgId: string, appId: string, list: readonly unknown[]) => void features.set(appId, [...list]),
    listFeatures: async (_orgId: string, appId: string) => (features.get(appId) ?? []) as never[],
    replaceHelpArticles: async (_orgId: string, appId: string, list: readonly unknown[]) => void articles.set(appId, [...list]),
    listHelpArticles: async (_orgId: string, appId: string) => (articles.get(appId) ?? []) as never[],
  };

  /** A person with a role in the organization, and the grant of their browser session. */
  const person = (email: string, role: Role): Grant => {
    const id = `user-${email.split("@")[0]}`;
    users.set(id, { id, email });
    members.set(id, role);
    return { tokenId: "web", orgId: organization.id, userId: id, role, scopes: [], resource: null, agentId: null };
  };

  /** A person with an account on the service who is no member of this organization (another's). */
  const stranger = (email: string): void => {
    const id = `user-${email.split("@")[0]}`;
    users.set(id, { id, email });
  };

  return {
    organization,
    organizations,
    tokens,
    members,
    apps,
    channels,
    features,
    articles,
    person,
    stranger,
    deps: {
      store,
      clock: () => NOW,
      ids: { id: () => `id${++next}`, secret: () => `secret${++next}-0123456789abcdefghij` },
      digest: (text: string) => `sha256(${text})`,
    },
  };
}

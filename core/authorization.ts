import { fail, ok, type Result } from "./errors.ts";
import { type Grant, ROLES, type Role, SCOPES, type Scope } from "./model.ts";

/**
 * Everything a person (or their token, agent or browser session) may ask of an organization, and
 * what it takes: a role, and for what tokens can do, a scope. One table, read by every use case, so
 * the REST API, MCP and the web pages give one answer to one person.
 */
const TABLE = {
  "feedbacks.read": { roles: ROLES, scope: "feedbacks:read" },
  "feedbacks.update": { roles: ["admin", "member"], scope: "feedbacks:write" },
  "reports.create": { roles: ["admin", "member"], scope: "reports:write" },
  "agents.manage": { roles: ROLES, scope: "agents:manage" },
  "webhooks.manage": { roles: ["admin"], scope: "webhooks:manage" },
  /** One's own personal access tokens (the web page); an Admin revokes anyone's. */
  "tokens.manage": { roles: ROLES, scope: null },
  /** The settings pages: plan, apps, members. Channel keys are shown only to those who manage. */
  "organization.read": { roles: ROLES, scope: null },
  /** Apps, channels, feature maps, help centers, members, plan: settings no token scope reaches. */
  "organization.manage": { roles: ["admin"], scope: null },
  /** Changelog entries, drafts included: written, published and deleted by those who change feedbacks. */
  "changelog.manage": { roles: ["admin", "member"], scope: "feedbacks:write" },
  /** Invitations to join the organization, from the settings or the API (`members:manage`, never an agent's). */
  "members.invite": { roles: ["admin"], scope: "members:manage" },
  /** The public portal's settings and its SSO secret: where its people sign in, and the key that signs them in. */
  "portal.manage": { roles: ["admin"], scope: "feedbacks:write", delegable: false },
  /** Organization API keys: an Admin's (a session, the operator, a personal token), never an agent's or a key's. */
  "apiKeys.manage": { roles: ["admin"], scope: "apikeys:manage" },
} as const satisfies Record<string, Rule>;

interface Rule {
  readonly roles: readonly Role[];
  /** The scope a token needs; null where only a session or the operator acts. */
  readonly scope: Scope | null;
  /**
   * false: never an agent's or an API key's to do, whatever their scopes: it hands out a secret or
   * moves where people sign in, which a person does with their own token.
   */
  readonly delegable?: false;
}

export type Operation = keyof typeof TABLE;
export const OPERATIONS: Readonly<Record<Operation, Rule>> = TABLE;

const scopesOf = (role: Role): readonly Scope[] =>
  SCOPES.filter((scope) => Object.values(OPERATIONS).some((rule) => rule.scope === scope && rule.roles.includes(role)));
/**
 * What each role may hold, read from the table: the scopes of the operations it allows. A token's
 * effective scopes are its own, cut down to its holder's current role. Everyone may manage agents:
 * their own, or the organization's for an Admin.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  admin: scopesOf("admin"),
  member: scopesOf("member"),
  reader: scopesOf("reader"),
};

/**
 * What a credential acting for someone (an agent, an organization's API key) may be allowed to do:
 * reading, sending reports, updating feedbacks; never managing the organization or its webhooks.
 */
export const AGENT_SCOPES = ["feedbacks:read", "reports:write", "feedbacks:write"] as const satisfies readonly Scope[];
export type AgentScope = (typeof AGENT_SCOPES)[number];

/** Whether a role allows the operation, whoever holds it: for rules about members, such as an organization keeping someone who may manage it. */
export const roleAllows = (role: Role, operation: Operation): boolean => OPERATIONS[operation].roles.includes(role);

/**
 * Whom the owner menus offer: a member whose role moves feedbacks on, not a Reader, who can change
 * nothing. The API still takes any member as owner (DESIGN: "a member's e-mail").
 */
export const mayOwn = (role: Role): boolean => roleAllows(role, "feedbacks.update");

/** The scopes of `requested` that this role may hold: a token, an agent or a form never holds more than its person's role allows. */
export const scopesWithin = <S extends Scope>(role: Role, requested: readonly S[]): S[] => requested.filter((s) => ROLE_SCOPES[role].includes(s));

/** The grant with every scope its person's role may hold: what the person could allow a token or an agent. */
export const personOf = (grant: Grant): Grant => ({ ...grant, scopes: ROLE_SCOPES[grant.role] });

/** Why the grant may not perform the operation, or null when it may. Role first, then the token's scope. */
function refusal(grant: Grant, operation: Operation): "forbidden" | "insufficient_scope" | null {
  if (!roleAllows(grant.role, operation)) return "forbidden";
  const rule = OPERATIONS[operation];
  // What no token scope reaches, or a scope no agent or API key is ever granted, is a person's own doing:
  // an API key (the organization) and an agent are refused it, with nothing to ask for again.
  const delegated = grant.apiKey !== undefined || grant.agentId !== null;
  if (delegated && !grantable(rule)) return "forbidden";
  return rule.scope === null || grant.scopes.includes(rule.scope) ? null : "insufficient_scope";
}

/** Whether an agent or an API key may be granted what the rule asks. */
const grantable = (rule: Rule): boolean => rule.scope !== null && rule.delegable !== false && (AGENT_SCOPES as readonly Scope[]).includes(rule.scope);

/**
 * Every refusal `authorize` may give for the operation, read from the table: what the API's
 * documentation lists for a route that performs it.
 */
export function refusalsOf(operation: Operation): ("forbidden" | "insufficient_scope")[] {
  const rule = OPERATIONS[operation];
  const forbidden = rule.roles.length < ROLES.length || !grantable(rule);
  return [...(forbidden ? (["forbidden"] as const) : []), ...(rule.scope !== null ? (["insufficient_scope"] as const) : [])];
}

/** Whether the grant may perform the operation: what a page shows or hides, never a role compared by hand. */
export const can = (grant: Grant, operation: Operation): boolean => refusal(grant, operation) === null;

/** What a use case asks before it acts: a Reader is refused a change outright (forbidden); then the token must hold the scope. */
export function authorize(grant: Grant, operation: Operation): Result<Grant> {
  const refused = refusal(grant, operation);
  const scope = OPERATIONS[operation].scope;
  if (refused === "insufficient_scope" && scope !== null) return { ok: false, code: refused, scope };
  return refused === null ? ok(grant) : fail(refused);
}

/** A person signed in to the web application: their role in the organization, and every scope it allows. */
export const sessionGrant = (member: { readonly orgId: string; readonly userId: string; readonly role: Role }): Grant => ({
  tokenId: "web",
  orgId: member.orgId,
  userId: member.userId,
  role: member.role,
  scopes: ROLE_SCOPES[member.role],
  resource: null,
  agentId: null,
});

/** How a tracker's own name is written where a person's id would be (`tracker:linear`). */
const TRACKER = "tracker:";

/**
 * An issue tracker moving a feedback's status from its issue's state: it acts in the organization
 * that connected it, writing feedbacks only, under its own name (`tracker:linear`).
 */
export const trackerGrant = (orgId: string, provider: string): Grant => ({
  tokenId: "tracker",
  orgId,
  userId: `${TRACKER}${provider}`,
  role: "admin",
  scopes: ["feedbacks:write"],
  resource: null,
  agentId: null,
});

/** The tracker a change was made by (`linear`), from the id it was written under; null for anyone else. */
export const trackerOf = (userId: string): string | null => (userId.startsWith(TRACKER) ? userId.slice(TRACKER.length) : null);

/**
 * The role an organization API key acts with: a key does what a Member's token could, within its
 * scopes, and never what only a person does (refusal). Its grant is made where keys are read (apiKeyGrant).
 */
export const API_KEY_ROLE: Role = "member";

/** The operator at the command line: the machine's owner, acting in an organization as its Admin. */
export const operatorGrant = (orgId: string): Grant => ({
  tokenId: "operator",
  orgId,
  userId: "operator",
  role: "admin",
  scopes: SCOPES,
  resource: null,
  agentId: null,
});

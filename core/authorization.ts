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
} as const satisfies Record<string, Rule>;

interface Rule {
  readonly roles: readonly Role[];
  /** The scope a token needs; null where only a session or the operator acts. */
  readonly scope: Scope | null;
}

export type Operation = keyof typeof TABLE;
export const OPERATIONS: Readonly<Record<Operation, Rule>> = TABLE;

/** Role first: a Reader is refused a change outright (forbidden); then the token must hold the scope. */
export function authorize(grant: Grant, operation: Operation): Result<Grant> {
  const rule = OPERATIONS[operation];
  if (!rule.roles.includes(grant.role)) return fail("forbidden");
  return rule.scope === null || grant.scopes.includes(rule.scope) ? ok(grant) : fail("insufficient_scope");
}

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

import type { Agent } from "../model.ts";

/** Whether two agents are one application's access for one person in one organization: the Agents list shows them as one, removed whole. */
export const sameApplication = (one: Agent, other: Agent): boolean =>
  one.clientId === other.clientId && one.userId === other.userId && one.orgId === other.orgId;

/**
 * Whether an authorization for `resource` takes in what one for `other` gave: the same resource, or
 * one inside it (the service itself, asked for when a client names none, holds /mcp and /v1).
 */
export const covers = (resource: string, other: string): boolean => other === resource || other.startsWith(`${resource}/`);

/**
 * The earlier agents a new one replaces, among the live ones its store read: those of the same
 * application, for a resource the new one covers. Authorizing an application again for a resource
 * ends the access it had there, so that access left in an abandoned client stops working; its access
 * to another resource stays (tokens are bound to their resource: a token for /v1 is no reason to cut
 * the one for /mcp). Both stores revoke them, as a removal does, in the transaction that creates the
 * new agent.
 */
export const replacedBy = (agent: Agent, live: readonly Agent[]): string[] =>
  live
    .filter((earlier) => earlier.id !== agent.id && sameApplication(earlier, agent) && covers(agent.resource, earlier.resource))
    .map((earlier) => earlier.id);

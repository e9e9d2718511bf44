import type { Agent } from "../model.ts";

/**
 * The earlier agents a new one replaces, among the live ones its store read: those of the same
 * application (client), acting for the same person, in the same organization, whatever resource
 * they were for (a client that asks for none is given both, so a resource would tell two grants of
 * one application apart only to list it twice). Authorizing an application again ends the access it
 * had, so the person's Agents list names each application once and access left in an abandoned
 * client stops working. Both stores revoke them, as a removal does, in the transaction that creates
 * the new agent.
 */
export const replacedBy = (agent: Agent, live: readonly Agent[]): string[] =>
  live
    .filter(
      (earlier) => earlier.id !== agent.id && earlier.clientId === agent.clientId && earlier.userId === agent.userId && earlier.orgId === agent.orgId,
    )
    .map((earlier) => earlier.id);

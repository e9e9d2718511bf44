import type { Grant, Role } from "../model.ts";
import type { Services } from "../services.ts";
import type { AgentView } from "../store.ts";

/** Each person sees their own agents; an Admin sees the whole organization's. */
export function listAgents(services: Services, person: { orgId: string; userId: string; role: Role }): Promise<AgentView[]> {
  return services.store.listAgents(person.orgId, person.role === "admin" ? null : person.userId);
}

/** Removes an agent at once: its tokens stop working on the next call. An Admin may remove any. */
export function removeAgent(services: Services, person: Pick<Grant, "orgId" | "userId" | "role">, agentId: string): Promise<boolean> {
  return services.store.revokeAgent(person.orgId, agentId, person.role === "admin" ? null : person.userId, services.clock());
}

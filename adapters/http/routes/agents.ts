import { Elysia } from "elysia";
import { Type } from "@sinclair/typebox";
import type { Services } from "../../../core/services.ts";
import { listAgents } from "../../../core/oauth/list-agents.ts";
import { removeAgent } from "../../../core/oauth/remove-agent.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { json } from "../reply.ts";

const AgentSchema = Type.Object(
  {
    id: Type.String(),
    application: Type.String({ description: "Name the application declared." }),
    person: Type.String({ description: "E-mail of the person who connected it." }),
    scopes: Type.Array(Type.String({ description: "What it can do, on any of its resources." })),
    resources: Type.Array(Type.String(), {
      description:
        "The resources (RFC 8707) it was allowed: the MCP server, the REST API, or the service itself (both). Each token opens only its own.",
    }),
    createdAt: Type.String({ format: "date-time" }),
    lastUsedAt: Type.String({ format: "date-time" }),
  },
  { $id: "Agent" },
);
export const AgentList = Type.Object({ data: Type.Array(AgentSchema) }, { $id: "AgentList" });

/** The Agents list for scripts: a person's own agents, or the organization's for an Admin. */
export function agentRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/agents" })
    .use(bearer(services, apiPerMinute))
    .get(
      "/v1/agents",
      async ({ grant, refuse }) => {
        const agents = await listAgents(services, grant);
        if (!agents.ok) return refuse(agents);
        return json({
          data: agents.value.map((a) => ({
            id: a.id,
            application: a.clientName,
            person: a.email,
            scopes: [...a.scopes],
            resources: [...a.resources],
            createdAt: new Date(a.createdAt).toISOString(),
            lastUsedAt: new Date(a.lastUsedAt).toISOString(),
          })),
        });
      },
      {
        operation: "agents.manage",
        detail: operation({
          summary: "List agents",
          description:
            "Agents (OAuth authorizations) of the caller, or of the whole organization for an Admin: one an application a person connected, whatever resources they allowed it. Needs `agents:manage`, a scope agents are never granted. Beyond the specification.",
          tags: ["Agents"],
          responses: { 200: { description: "The agents.", schema: AgentList } },
        }),
      },
    )
    .delete(
      "/v1/agents/:id",
      async ({ params, grant, refuse }) => {
        const removed = await removeAgent(services, grant, params.id);
        return removed.ok ? new Response(null, { status: 204 }) : refuse(removed);
      },
      {
        operation: "agents.manage",
        detail: operation({
          summary: "Remove an agent",
          description:
            "Cuts the agent off at once, on every resource it was allowed. A person removes their own agents; an Admin any of the organization's. Needs `agents:manage`, a scope agents are never granted.",
          tags: ["Agents"],
          path: { id: "Agent id." },
          responses: { 204: { description: "The agent was removed." } },
          errors: ["not_found"],
        }),
      },
    );
}

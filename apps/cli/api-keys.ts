import { errorBody } from "../../adapters/http/catalog/text.ts";
import { createApiKey } from "../../core/api-keys/create-api-key.ts";
import { listApiKeys } from "../../core/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../core/api-keys/revoke-api-key.ts";
import { AGENT_SCOPES, type AgentScope, operatorGrant } from "../../core/authorization.ts";
import { findOrganization } from "../../core/organizations/find-organization.ts";
import type { Services } from "../../core/services.ts";
import type { Invocation, Out, Refuse } from "./invocation.ts";

/** `api-key create|list|revoke`: the organization's API keys, as Settings → API keys and /v1/api-keys. */
export const apiKeyCommands = (refuse: Refuse) => ({
  async "api-key create"(services: Services, inv: Invocation, out: Out) {
    const [prefix, name] = inv.args;
    if (!prefix || !name) refuse("missing <org> or <name>", true);
    const org = await findOrganization(services, prefix);
    if (!org) refuse(`no organization "${prefix}"`);
    const scopes = String(inv.options.scopes ?? "feedbacks:read")
      .split(",")
      .map((s) => s.trim());
    if (!scopes.every((s): s is AgentScope => AGENT_SCOPES.includes(s as AgentScope)))
      refuse(`each of --scopes must be one of ${AGENT_SCOPES.join(", ")}`);
    const created = await createApiKey(services, operatorGrant(org.id), { name, scopes: scopes as AgentScope[] });
    if (!created.ok) refuse(errorBody(created.code, "en", created.problem).error);
    if (inv.options.json) return out(JSON.stringify(created.value));
    out(`API key ${created.value.id} "${created.value.name}" (${created.value.scopes.join(" ")}), shown once:\n${created.value.key}`);
  },
  async "api-key list"(services: Services, inv: Invocation, out: Out) {
    const org = inv.args[0] ? await findOrganization(services, inv.args[0]) : null;
    if (!org) refuse("missing or unknown <org>");
    const listed = await listApiKeys(services, operatorGrant(org.id));
    if (!listed.ok) refuse(errorBody(listed.code, "en", listed.problem).error);
    const keys = listed.value.data;
    if (keys.length === 0) out(`no API keys in ${org.keyPrefix} (api-key create adds one)`);
    for (const k of keys) out(`${k.id}  ${k.name}  ${k.scopes.join(" ")}  lastUsed=${k.lastUsedAt ?? "-"}`);
  },
  async "api-key revoke"(services: Services, inv: Invocation, out: Out) {
    const [prefix, id] = inv.args;
    const org = prefix ? await findOrganization(services, prefix) : null;
    if (!org || !id) refuse("missing or unknown <org>, or missing <keyId>");
    const revoked = await revokeApiKey(services, operatorGrant(org.id), id);
    if (!revoked.ok) refuse(`no live API key ${id} in ${org.keyPrefix}`);
    out(`API key ${id} revoked`);
  },
});

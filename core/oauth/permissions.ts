import { AGENT_SCOPES, type AgentScope, ROLE_SCOPES } from "../authorization.ts";
import type { Role } from "../model.ts";

/** Parses a space-separated scope parameter; null when it names a scope agents cannot have. */
export function parseScopes(text: string | undefined): AgentScope[] | null {
  const words = (text ?? "").split(" ").filter(Boolean);
  if (words.some((w) => !AGENT_SCOPES.includes(w as AgentScope))) return null;
  // No scope asked: everything an agent can have, cut down to the role later.
  return words.length === 0 ? [...AGENT_SCOPES] : [...new Set(words as AgentScope[])];
}

/** The requested scopes this role may grant: a Reader grants only Read. */
export const grantableScopes = (requested: readonly AgentScope[], role: Role): AgentScope[] => requested.filter((s) => ROLE_SCOPES[role].includes(s));

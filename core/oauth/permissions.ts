import { AGENT_SCOPES, type AgentScope } from "../authorization.ts";

/** Parses a space-separated scope parameter; null when it names a scope agents cannot have. */
export function parseScopes(text: string | undefined): AgentScope[] | null {
  const words = (text ?? "").split(" ").filter(Boolean);
  if (words.some((w) => !AGENT_SCOPES.includes(w as AgentScope))) return null;
  // No scope asked: everything an agent can have, cut down to the role later.
  return words.length === 0 ? [...AGENT_SCOPES] : [...new Set(words as AgentScope[])];
}

import { AGENT_SCOPES, type AgentScope } from "../authorization.ts";
import { oauthError, type OAuthError } from "./errors.ts";

/** Parses a space-separated scope parameter; null when it names a scope agents cannot have. */
export function parseScopes(text: string | undefined): AgentScope[] | null {
  const words = (text ?? "").split(" ").filter(Boolean);
  if (words.some((w) => !AGENT_SCOPES.includes(w as AgentScope))) return null;
  // No scope asked: everything an agent can have, cut down to the role later.
  return words.length === 0 ? [...AGENT_SCOPES] : [...new Set(words as AgentScope[])];
}

/**
 * The invalid_scope of a scope parameter parseScopes refused: it names the scopes refused and those
 * an agent may ask for, since a client's developer cannot tell a typo from a scope kept for people
 * (agents:manage) otherwise.
 */
export function unknownScope(text: string | undefined): OAuthError {
  const refused = (text ?? "").split(" ").filter((w) => w && !AGENT_SCOPES.includes(w as AgentScope));
  return oauthError("invalid_scope", `an agent may not ask for ${refused.join(" ")}; its scopes are ${AGENT_SCOPES.join(" ")}`);
}

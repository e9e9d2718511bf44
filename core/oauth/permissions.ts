import { AGENT_SCOPES, type AgentScope } from "../authorization.ts";
import { oauthError, type OAuthError } from "./errors.ts";

/** The scopes a space-separated scope parameter names, as the client wrote them. */
const scopeWords = (text: string | undefined): string[] => (text ?? "").split(" ").filter(Boolean);
const agentMay = (word: string): word is AgentScope => AGENT_SCOPES.includes(word as AgentScope);

/** Parses a space-separated scope parameter; null when it names a scope agents cannot have. */
export function parseScopes(text: string | undefined): AgentScope[] | null {
  const words = scopeWords(text);
  if (!words.every(agentMay)) return null;
  // No scope asked: everything an agent can have, cut down to the role later.
  return words.length === 0 ? [...AGENT_SCOPES] : [...new Set(words)];
}

/** What RFC 6749 lets a scope token and an error_description hold (NQCHAR): printable ASCII but `"` and `\`. */
const NQCHARS = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** Refused scopes named, at most: the description goes back in the client's redirect. */
const NAMED_MAX = 3;

/**
 * The invalid_scope of a scope parameter parseScopes refused: it names the scopes refused and those
 * an agent may ask for, since a client's developer cannot tell a typo from a scope kept for people
 * (agents:manage) otherwise. Only a few, short, of the characters an error_description may hold are
 * named: the parameter is the client's own text, echoed back.
 */
export function unknownScope(text: string | undefined): OAuthError {
  const refused = scopeWords(text).filter((w) => !agentMay(w));
  const named = refused.filter((w) => w.length <= 64 && NQCHARS.test(w)).slice(0, NAMED_MAX);
  const asked = named.length === refused.length ? named.join(" ") : "a scope that is not one of its";
  return oauthError("invalid_scope", `an agent may not ask for ${asked}; its scopes are ${AGENT_SCOPES.join(" ")}`);
}

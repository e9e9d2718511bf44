import { ROLE_SCOPES, type Role, type Scope } from "../model.ts";

/** What an agent may be allowed to do, as the consent screen names it. */
export const PERMISSIONS = [
  {
    scope: "feedbacks:read",
    name: "Read",
    description: {
      en: "List and read feedbacks, reports, apps and the feature map",
      fr: "Lister et lire les retours, signalements, applications et la carte des fonctionnalités",
    },
  },
  { scope: "reports:write", name: "Send", description: { en: "Create reports", fr: "Créer des signalements" } },
  {
    scope: "feedbacks:write",
    name: "Update",
    description: { en: "Change the status of feedbacks and comment them", fr: "Changer le statut des retours et les commenter" },
  },
] as const satisfies ReadonlyArray<{ scope: Scope; name: string; description: { en: string; fr: string } }>;

export type AgentScope = (typeof PERMISSIONS)[number]["scope"];
export const AGENT_SCOPES: readonly AgentScope[] = PERMISSIONS.map((p) => p.scope);

/** Parses a space-separated scope parameter; null when it names a scope agents cannot have. */
export function parseScopes(text: string | undefined): AgentScope[] | null {
  const words = (text ?? "").split(" ").filter(Boolean);
  if (words.some((w) => !AGENT_SCOPES.includes(w as AgentScope))) return null;
  // No scope asked: everything an agent can have, cut down to the role later.
  return words.length === 0 ? [...AGENT_SCOPES] : [...new Set(words as AgentScope[])];
}

/** The requested scopes this role may grant: a Reader grants only Read. */
export const grantableScopes = (requested: readonly AgentScope[], role: Role): AgentScope[] => requested.filter((s) => ROLE_SCOPES[role].includes(s));

import { Type, type Static } from "@sinclair/typebox";
import { AGENT_SCOPES, authorize } from "../authorization.ts";
import { invalid, limitReached, ok, type Result } from "../errors.ts";
import type { Grant } from "../model.ts";
import type { Clock, Digest, Ids } from "../ports.ts";
import { literals } from "../schemas/literals.ts";
import { reordersText, Text } from "../schemas/text.ts";
import type { ApiKeyStore } from "../store/api-keys.ts";
import { API_KEY_PREFIX } from "./api-key-grant.ts";

export const API_KEY_NAME_MAX_LENGTH = 100;
/**
 * Live keys an organization may hold: one per script or integration, with room to rotate them.
 * The operator's CLI is held to it too: a key it creates is as live as an Admin's, and listed alike.
 */
const MAX_API_KEYS_PER_ORGANIZATION = 50;

/** Body of POST /v1/api-keys: a name to know it by, and what it may do (the scopes an agent may hold, never management). */
export const ApiKeyCreate = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: API_KEY_NAME_MAX_LENGTH, pattern: "\\S", description: "What the key is for, e.g. ci-script." }),
    scopes: Type.Array(literals(AGENT_SCOPES), {
      minItems: 1,
      uniqueItems: true,
      description: "Among feedbacks:read, feedbacks:write, reports:write.",
    }),
  },
  { $id: "ApiKeyCreate", additionalProperties: false },
);
export type ApiKeyCreate = Static<typeof ApiKeyCreate>;

const ApiKey = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    scopes: Type.Array(Type.String()),
    createdAt: Type.String({ format: "date-time" }),
    lastUsedAt: Type.Union([Type.String({ format: "date-time" }), Type.Null()], {
      description: "When it was last used, to the minute; null if never.",
    }),
  },
  { $id: "ApiKey" },
);
export const ApiKeyList = Type.Object({ data: Type.Array(ApiKey) }, { $id: "ApiKeyList" });
export type ApiKeyList = Static<typeof ApiKeyList>;

export const ApiKeyWithSecret = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    scopes: Type.Array(Type.String()),
    key: Type.String({ description: "The key, in this answer only: send it as Authorization: Bearer <key>." }),
  },
  { $id: "ApiKeyWithSecret" },
);
export type ApiKeyWithSecret = Static<typeof ApiKeyWithSecret>;

type Deps = { store: Pick<ApiKeyStore, "createApiKey">; ids: Pick<Ids, "id" | "secret">; clock: Clock; digest: Digest };

/** POST /v1/api-keys: an Admin creates a key for the organization; the key is shown once, only its digest is kept. */
export async function createApiKey(deps: Deps, grant: Grant, request: ApiKeyCreate): Promise<Result<ApiKeyWithSecret>> {
  const allowed = authorize(grant, "apiKeys.manage");
  if (!allowed.ok) return allowed;
  const name = request.name.trim();
  // The other Admins decide by its name which key to revoke: it must read as it is.
  if (reordersText(name)) return invalid("invalid_body", { field: "name", reason: "reordering" });
  const key = `${API_KEY_PREFIX}${deps.ids.secret()}`;
  const id = deps.ids.id();
  const scopes = [...new Set(request.scopes)];
  const record = { id, orgId: grant.orgId, name, scopes, keyHash: deps.digest(key), createdAt: deps.clock(), lastUsedAt: null };
  if (!(await deps.store.createApiKey(record, MAX_API_KEYS_PER_ORGANIZATION))) return limitReached("api_key", MAX_API_KEYS_PER_ORGANIZATION);
  return ok({ id, name, scopes, key });
}

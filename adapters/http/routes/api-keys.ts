import { Elysia } from "elysia";
import { ApiKeyCreate, ApiKeyList, ApiKeyWithSecret, createApiKey } from "../../../core/api-keys/create-api-key.ts";
import { listApiKeys } from "../../../core/api-keys/list-api-keys.ts";
import { revokeApiKey } from "../../../core/api-keys/revoke-api-key.ts";
import type { Services } from "../../../core/services.ts";
import { bearer } from "../bearer.ts";
import { operation } from "../docs.ts";
import { jsonBodies, jsonBody } from "../json-body.ts";
import { json } from "../reply.ts";

/**
 * Organization API keys, for Admins (scope apikeys:manage, which neither agents nor keys can hold).
 * A key is used as `Authorization: Bearer <key>` and acts as the organization.
 */
export function apiKeyRoutes(services: Services, apiPerMinute: number) {
  return new Elysia({ name: "routes/api-keys" })
    .use(bearer(services, apiPerMinute))
    .use(jsonBodies)
    .get(
      "/v1/api-keys",
      async ({ grant, refuse }) => {
        const listed = await listApiKeys(services, grant);
        return listed.ok ? json(listed.value) : refuse(listed);
      },
      {
        operation: "apiKeys.manage",
        detail: operation({
          summary: "List API keys",
          description: "The organization's API keys, with when each was last used; never the key itself. Admins only. Beyond the specification.",
          tags: ["API keys"],
          responses: { 200: { description: "The keys.", schema: ApiKeyList } },
        }),
      },
    )
    .post(
      "/v1/api-keys",
      async ({ grant, body, refuse }) => {
        const created = await createApiKey(services, grant, body);
        return created.ok ? json(created.value, 201) : refuse(created);
      },
      {
        operation: "apiKeys.manage",
        ...jsonBody(ApiKeyCreate, "invalid_body"),
        detail: operation({
          summary: "Create an API key",
          description:
            "A key for a script, acting as the organization (its comments are signed « API key <name> »), with scopes among feedbacks:read, feedbacks:write and reports:write. The key is in this answer only. Admins only. Beyond the specification.",
          tags: ["API keys"],
          body: ApiKeyCreate,
          responses: { 201: { description: "The key, shown once.", schema: ApiKeyWithSecret } },
          errors: ["invalid_json", "invalid_body", "limit_reached"],
        }),
      },
    )
    .delete(
      "/v1/api-keys/:id",
      async ({ params, grant, refuse }) => {
        const revoked = await revokeApiKey(services, grant, params.id);
        return revoked.ok ? new Response(null, { status: 204 }) : refuse(revoked);
      },
      {
        operation: "apiKeys.manage",
        detail: operation({
          summary: "Revoke an API key",
          description: "The key stops working at once: its next request is 401 invalid_token. Admins only. Beyond the specification.",
          tags: ["API keys"],
          path: { id: "API key id." },
          responses: { 204: { description: "Revoked." } },
          errors: ["not_found"],
        }),
      },
    );
}

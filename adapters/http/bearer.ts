import { Elysia, status } from "elysia";
import { authenticate } from "../../core/access.ts";
import { OPERATIONS, type Operation, refusalsOf } from "../../core/authorization.ts";
import type { Failure } from "../../core/errors.ts";
import type { Scope } from "../../core/model.ts";
import { resourcesOf } from "../../core/oauth/resources.ts";
import type { Services } from "../../core/services.ts";
import { checkRateLimit } from "../../core/rate-limits/check-rate-limit.ts";
import { guarded } from "./docs.ts";
import { failureResponse } from "./reply.ts";

/** RFC 6750: a refused Bearer request says what it lacked. */
function challenge(code: string, scope: Scope | null): Record<string, string> {
  if (code === "unauthorized") return { "www-authenticate": 'Bearer realm="retour"' };
  if (code === "invalid_token") return { "www-authenticate": 'Bearer realm="retour", error="invalid_token"' };
  if (code === "insufficient_scope") return { "www-authenticate": `Bearer realm="retour", error="insufficient_scope", scope="${scope}"` };
  return {};
}

/**
 * Bearer authentication as a named plugin: a route says which operation it performs
 * (`{ operation: "feedbacks.read" }`). The token is authenticated and the call counted in its
 * budget; a request refused there never reaches the handler. The handler receives the `grant`,
 * and `refuse`, which answers a failure with its challenge. Whether the grant may perform the
 * operation is for the use case to say, once; the operation's scope, read from the table, names
 * what a refused token lacked, and the route's security and refusals in /openapi.json.
 */
export const bearer = (services: Services, perMinute: number) =>
  new Elysia({ name: "auth/bearer", seed: perMinute }).macro({
    operation: (operation: Operation) => {
      const scope = OPERATIONS[operation].scope;
      return {
        detail: guarded([{ bearer: scope ? [scope] : [] }], ["unauthorized", "invalid_token", ...refusalsOf(operation), "rate_limited"]),
        async resolve({ request }) {
          const refuse = (failure: Failure): Response => failureResponse(request, failure, challenge(failure.code, scope));
          const authenticated = await authenticate(services, request.headers.get("authorization"), {
            resources: resourcesOf(services.baseUrl, services.addressAliases),
            where: "rest",
          });
          // Elysia ends the request on a status returned by resolve; the refusal is already a whole response.
          const stop = (failure: Failure) => {
            const refused = refuse(failure);
            return status(refused.status as 401, refused);
          };
          if (!authenticated.ok) return stop(authenticated);
          const limited = await checkRateLimit(services.store, services.clock, `api:${authenticated.value.tokenId}`, perMinute);
          if (!limited.ok) return stop(limited);
          return { grant: authenticated.value, refuse };
        },
      };
    },
  });

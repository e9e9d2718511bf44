import { authenticate } from "../../core/access.ts";
import { authorize, OPERATIONS, type Operation } from "../../core/authorization.ts";
import { resourcesOf } from "../../core/oauth/resources.ts";
import { ok, type Result } from "../../core/errors.ts";
import type { Grant, Scope } from "../../core/model.ts";
import type { Services } from "../../core/services.ts";
import { checkRateLimit } from "../../core/use-cases/check-rate-limit.ts";
import { failureResponse } from "./reply.ts";

/** RFC 6750: a refused Bearer request says what it lacked. */
function challenge(code: string, scope: Scope | null): Record<string, string> {
  if (code === "unauthorized") return { "www-authenticate": 'Bearer realm="retour"' };
  if (code === "invalid_token") return { "www-authenticate": 'Bearer realm="retour", error="invalid_token"' };
  if (code === "insufficient_scope") return { "www-authenticate": `Bearer realm="retour", error="insufficient_scope", scope="${scope}"` };
  return {};
}

/** Authenticates the Bearer token, authorizes the operation, and counts the call in the token's budget. */
export async function grantFor(
  services: Services,
  request: Request,
  operation: Operation,
  perMinute: number,
): Promise<Result<Grant> & { response?: Response }> {
  const authenticated = await authenticate(services, request.headers.get("authorization"), {
    resources: resourcesOf(services.baseUrl, services.addressAliases),
    where: "rest",
  });
  const authorized = authenticated.ok ? authorize(authenticated.value, operation) : authenticated;
  if (!authorized.ok)
    return { ...authorized, response: failureResponse(request, authorized, challenge(authorized.code, OPERATIONS[operation].scope)) };
  const limited = await checkRateLimit(services.store, services.clock, `api:${authorized.value.tokenId}`, perMinute);
  if (!limited.ok) return { ...limited, response: failureResponse(request, limited) };
  return ok(authorized.value);
}

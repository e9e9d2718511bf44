import type { Failure } from "../../core/errors.ts";
import type { ReportOutcome } from "../../core/model.ts";
import type { Services } from "../../core/services.ts";
import { checkRateLimit } from "../../core/use-cases/check-rate-limit.ts";
import type { Submitted } from "../../core/use-cases/record-feedback.ts";
import { readJsonBody } from "./body.ts";
import { clientAddress } from "./connection.ts";
import { headerText } from "./header-text.ts";
import { HttpFailure, json } from "./reply.ts";

/** What the collection routes (servers' and browsers') share: the address's budget, idempotency keys, and answers. */

export const idempotencyKey = (request: Request): string | undefined => {
  const key = request.headers.get("idempotency-key");
  return key === null ? undefined : headerText(key);
};

export const replayed = (submitted: Submitted): Record<string, string> => (submitted.replayed ? { "idempotent-replayed": "true" } : {});

export const outcomeResponse = (outcome: ReportOutcome, headers: Record<string, string>): Response =>
  json(outcome.body, outcome.kind === "recorded" ? 201 : 200, headers);

/** Counts a request in the collection budget of its address, which every collection route shares; the refusal past it. */
export async function addressBudget(services: Services, request: Request, perMinute: number): Promise<Failure | null> {
  const limited = await checkRateLimit(services.store, services.clock, `reports:${clientAddress(request)}`, perMinute);
  return limited.ok ? null : limited;
}

/** Counts a request in its address's collection budget, before its body is read, then reads the body. Throws the refusal. */
export async function admitReport(services: Services, request: Request, perMinute: number): Promise<unknown> {
  const refused = await addressBudget(services, request, perMinute);
  if (refused) throw new HttpFailure(refused.code, refused.retryAfter);
  return readJsonBody(request);
}

import type { Failure } from "../../core/errors.ts";
import type { ReportOutcome } from "../../core/model.ts";
import type { Services } from "../../core/services.ts";
import { checkRateLimit } from "../../core/rate-limits/check-rate-limit.ts";
import type { Submitted } from "../../core/report/record-feedback.ts";
import { readJsonBody } from "./body.ts";
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

/** The budget every collection route shares: so many requests a minute from one client address. */
export interface AddressBudget {
  readonly perMinute: number;
  readonly clientAddress: (request: Request) => string;
}

/** Counts a request in the collection budget of its address; the refusal past it. */
export async function addressBudget(services: Services, request: Request, budget: AddressBudget): Promise<Failure | null> {
  const limited = await checkRateLimit(services.store, services.clock, `reports:${budget.clientAddress(request)}`, budget.perMinute);
  return limited.ok ? null : limited;
}

/** Counts a request in its address's collection budget, before its body is read, then reads the body. Throws the refusal. */
export async function admitReport(services: Services, request: Request, budget: AddressBudget): Promise<unknown> {
  const refused = await addressBudget(services, request, budget);
  if (refused) throw new HttpFailure(refused.code, refused.retryAfter);
  return readJsonBody(request);
}

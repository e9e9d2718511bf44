import { fail, ok, type Result } from "../errors.ts";
import type { ReportOutcome } from "../model.ts";
import type { Clock, SecretBox } from "../ports.ts";
import type { QualificationStep } from "../schemas/qualification.ts";
import type { IdempotencyStore } from "../store/idempotency.ts";
import type { QualificationStore } from "../store/qualifications.ts";
import { answersScope, ENDING } from "./ending.ts";
import { keptAnswer } from "../report/kept-answer.ts";

type StandingDeps = {
  readonly store: Pick<QualificationStore, "findQualification"> & Pick<IdempotencyStore, "findAnswer">;
  readonly clock: Clock;
  readonly secrets: Pick<SecretBox, "open">;
  readonly baseUrl: string;
};

/** Where a qualification stands, for a page that shows it again: the questions it waits on, or how it ended. */
type Standing = { readonly asking: QualificationStep } | { readonly ended: ReportOutcome };

/**
 * Where a qualification of this channel stands, for a page that shows it again (the hosted form
 * after its redirect, a reload, Back): its questions while it asks, else the answer that ended it
 * (the report recorded, or the assistant's last word). One expired unanswered, or of another
 * channel, is `qualification_not_found`.
 */
export async function qualificationStanding(services: StandingDeps, id: string, publicKey: string): Promise<Result<Standing>> {
  const now = services.clock();
  const session = await services.store.findQualification(id, now);
  if (session && session.channelKey === publicKey) return ok({ asking: session.pending });
  const ending = await keptAnswer(services, answersScope(publicKey, id), ENDING, now);
  return ending ? ok({ ended: ending.response }) : fail("qualification_not_found");
}

import { fail, ok, type Result } from "../errors.ts";
import type { Clock } from "../ports.ts";
import type { QualificationStep } from "../schemas/qualification.ts";
import type { QualificationStore } from "../store/qualifications.ts";

type PendingDeps = { readonly store: Pick<QualificationStore, "findQualification">; readonly clock: Clock };

/**
 * The questions a qualification of this channel waits on, for a page that shows them again (the
 * hosted form after its redirect, a reload, Back). One that ended, expired or belongs to another
 * channel is `qualification_not_found`.
 */
export async function pendingStep(services: PendingDeps, id: string, publicKey: string): Promise<Result<QualificationStep>> {
  const session = await services.store.findQualification(id, services.clock());
  return session && session.channelKey === publicKey ? ok(session.pending) : fail("qualification_not_found");
}

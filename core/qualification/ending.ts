import { fail, type Result } from "../errors.ts";
import type { ReportOutcome, Turn } from "../model.ts";
import type { NormalizedReport } from "../report/normalize.ts";
import { type RecordDeps, recordFeedback, type Submitted } from "../report/record-feedback.ts";
import type { ReportResponse } from "../schemas/report.ts";
import type { CollectionStore } from "../store/collection.ts";
import type { IdempotentWrite } from "../store/idempotency.ts";
import type { QualificationSession } from "../store/qualifications.ts";

/**
 * Where the answer that ended a qualification is kept, whatever ended it (the last answer, or the
 * report sent as it is), so that the same request sent again gets the same response and any other
 * finds the qualification over. Clients' idempotency keys have at least one character, so none can
 * take the ending's place.
 */
export const ENDING = "";

/** The scope of a qualification's answers: by its channel key, so that an answer never replays for someone who does not hold it. */
export const answersScope = (publicKey: string, id: string): string => `answers:${publicKey}:${id}`;

/**
 * Records a qualification's report as a feedback and ends the qualification in the same write, its
 * response kept as the ending. Of two senders of one ending, the second reads the first one's
 * response, and another request finds the qualification over.
 */
export async function recordEnding(
  services: RecordDeps & { readonly store: Pick<CollectionStore, "findChannelByKey" | "recordFeedback"> },
  session: QualificationSession,
  ended: { readonly report: NormalizedReport; readonly conversation: readonly Turn[]; readonly ending: IdempotentWrite },
  answer?: (body: ReportResponse) => ReportOutcome,
): Promise<Result<Submitted>> {
  const context = await services.store.findChannelByKey(session.channelKey);
  if (!context) return fail("qualification_not_found");
  const recorded = await recordFeedback(
    services,
    {
      context,
      source: context.channel.kind,
      report: ended.report,
      language: session.language,
      conversation: ended.conversation,
      qualificationId: session.id,
    },
    answer,
    ended.ending,
  );
  return endedOnce(recorded);
}

/** Two senders of one ending: the second reads the first one's answer, and another answer finds the qualification over. */
export const endedOnce = (result: Result<Submitted>): Result<Submitted> =>
  result.ok || result.code !== "idempotency_key_reused" ? result : fail("qualification_not_found");

import { fail, type Result } from "../errors.ts";
import { QUALIFICATION_TTL_MS } from "./machine.ts";
import type { CollectionStore } from "../store/collection.ts";
import type { IdempotencyStore } from "../store/idempotency.ts";
import type { QualificationStore } from "../store/qualifications.ts";
import { type RecordDeps, replay, type Submitted } from "../report/record-feedback.ts";
import { SERVER, type Sender, sendsOn } from "../collection/open-channel.ts";
import { answersScope, ENDING, recordEnding } from "./ending.ts";

/** How this ending is told from an answer's: the same press again replays it, an answer then finds the qualification over. */
const AS_IT_IS = "as it is";

type AsItIsDeps = RecordDeps & {
  readonly store: Pick<CollectionStore, "findChannelByKey" | "recordFeedback"> &
    Pick<IdempotencyStore, "findAnswer"> &
    Pick<QualificationStore, "findQualification">;
};

/**
 * Ends a qualification by recording its report as the person first sent it, with the conversation
 * so far, instead of answering the rest: the report, its feedback and the end of the qualification
 * are one write. Pressed again, it answers the same; an answer sent afterwards finds the
 * qualification over, so the report is never recorded twice.
 */
export async function sendAsItIs(services: AsItIsDeps, id: string, publicKey: string, sender: Sender = SERVER): Promise<Result<Submitted>> {
  const { store, clock } = services;
  const now = clock();
  const scope = answersScope(publicKey, id);
  const earlier = await store.findAnswer(scope, ENDING, now);
  if (earlier) return earlier.fingerprint === AS_IT_IS ? replay(services, earlier, AS_IT_IS) : fail("qualification_not_found");
  const session = await store.findQualification(id, now);
  if (!session || session.channelKey !== publicKey || !sendsOn(sender, session.source)) return fail("qualification_not_found");
  const ending = { scope, key: ENDING, fingerprint: AS_IT_IS, now, expiresAt: now + QUALIFICATION_TTL_MS };
  return recordEnding(services, session, { report: session.report, conversation: session.conversation, ending });
}

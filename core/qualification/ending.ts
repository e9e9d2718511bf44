/**
 * Where the answer that ended a qualification is kept, whatever ended it (the last answer, or the
 * report sent as it is), so that the same request sent again gets the same response and any other
 * finds the qualification over. Clients' idempotency keys have at least one character, so none can
 * take the ending's place.
 */
export const ENDING = "";

/** The scope of a qualification's answers: by its channel key, so that an answer never replays for someone who does not hold it. */
export const answersScope = (publicKey: string, id: string): string => `answers:${publicKey}:${id}`;

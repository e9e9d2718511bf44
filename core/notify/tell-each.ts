import type { Sent } from "./send-once.ts";

/**
 * Sends to each recipient in turn, whatever became of the ones before: an address the mail server
 * refuses, or a failure for one, keeps no one else from their message. Then, if a message failed or
 * another sender holds one (a crashed attempt's claim: sent once it runs out), the job fails, to be
 * retried; the messages sent already are not sent again (sendOnce).
 */
export async function tellEach<T>(recipients: Iterable<T>, send: (recipient: T) => Promise<Sent>): Promise<void> {
  const failed: unknown[] = [];
  let held = 0;
  for (const recipient of recipients) {
    try {
      if ((await send(recipient)) === "held") held++;
    } catch (error) {
      failed.push(error);
    }
  }
  if (failed.length > 0) throw new AggregateError(failed, `${failed.length} message(s) not sent, to be sent when the job is retried`);
  if (held > 0) throw new Error(`${held} message(s) held by another sender, to be sent once its claim runs out`);
}

import type { Notifier } from "../ports.ts";
import type { Services } from "../services.ts";
import type { FollowerStore, NotificationClaim } from "../store/followers.ts";

/** An unconfirmed claim older than this is a crashed sender's: the message is sent again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

type Message = Omit<Parameters<Notifier["send"]>[0], "to" | "messageId">;

/** What sending once reads and writes. */
export type SendOnceDeps = Pick<Services, "notifier" | "clock"> & {
  readonly store: Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
};

/**
 * What became of a message: `sent` now; `sent_before`; `held` by another sender's claim (a worker
 * sending it now, or one that crashed before it could say: it is sent once that claim runs out);
 * `logged` where no message reaches anyone (no SMTP).
 */
export type Sent = "sent" | "sent_before" | "held" | "logged";

/** What a claim that is not this sender's means for its message. */
const NOT_OURS: Readonly<Record<Exclude<NotificationClaim, "claimed">, Sent>> = { sent: "sent_before", held: "held" };

/**
 * Sends a message once per (subject, address, key): the sending is claimed first, confirmed once
 * handed over, and given back when the mail server refused it (the job is then retried, and sends
 * it, so nobody is left out). The message is written only once the claim is held. Where no message
 * reaches anyone (no SMTP) it is only logged, and not kept as sent, since a feedback's activity
 * tells what was sent.
 */
export async function sendOnce(
  deps: SendOnceDeps,
  to: { readonly subjectId: string; readonly key: string; readonly email: string },
  compose: () => Message | Promise<Message>,
): Promise<Sent> {
  const { store, clock } = deps;
  const { subjectId, key, email } = to;
  const messageId = `${key}.${subjectId}.${encodeURIComponent(email)}`;
  if (!deps.notifier.delivers) {
    await deps.notifier.send({ to: email, ...(await compose()), messageId });
    return "logged";
  }
  const claim = await store.claimNotification(subjectId, email, key, clock(), CLAIM_LEASE_MS);
  if (claim !== "claimed") return NOT_OURS[claim];
  try {
    await deps.notifier.send({ to: email, ...(await compose()), messageId });
  } catch (error) {
    await store.releaseNotification(subjectId, email, key);
    throw error;
  }
  await store.confirmNotification(subjectId, email, key, clock());
  return "sent";
}

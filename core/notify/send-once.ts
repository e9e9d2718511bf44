import type { Notifier } from "../ports.ts";
import type { Services } from "../services.ts";
import type { FollowerStore } from "../store/followers.ts";

/** An unconfirmed claim older than this is a crashed sender's: the message is sent again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

type Message = Omit<Parameters<Notifier["send"]>[0], "to" | "messageId">;

/** What sending once reads and writes. */
export type SendOnceDeps = Pick<Services, "notifier" | "clock"> & {
  readonly store: Pick<FollowerStore, "claimNotification" | "confirmNotification" | "releaseNotification">;
};

/**
 * Sends a message once per (subject, address, key): the sending is claimed first, confirmed once
 * handed over, and given back when the mail server refused it (the job is then retried, and sends
 * it, so nobody is left out). The message is written only once the claim is held. Returns whether
 * this call sent it: false when it was sent before, or another worker holds the claim, or when no
 * message reaches anyone (no SMTP): it is then only logged, and not kept as sent, since a
 * feedback's activity tells what was sent.
 */
export async function sendOnce(
  deps: SendOnceDeps,
  to: { readonly subjectId: string; readonly key: string; readonly email: string },
  compose: () => Message | Promise<Message>,
): Promise<boolean> {
  const { store, clock } = deps;
  const { subjectId, key, email } = to;
  const messageId = `${key}.${subjectId}.${encodeURIComponent(email)}`;
  if (!deps.notifier.delivers) {
    await deps.notifier.send({ to: email, ...(await compose()), messageId });
    return false;
  }
  if (!(await store.claimNotification(subjectId, email, key, clock(), CLAIM_LEASE_MS))) return false;
  try {
    await deps.notifier.send({ to: email, ...(await compose()), messageId });
  } catch (error) {
    await store.releaseNotification(subjectId, email, key);
    throw error;
  }
  await store.confirmNotification(subjectId, email, key, clock());
  return true;
}

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
 * `logged` where no message reaches anyone (no SMTP); `moot` when, composed, it had nothing left to
 * tell (what it was about is no longer the recipient's).
 */
export type Sent = "sent" | "sent_before" | "held" | "logged" | "moot";

/** What a claim that is not this sender's means for its message. */
const NOT_OURS: Readonly<Record<Exclude<NotificationClaim, "claimed">, Sent>> = { sent: "sent_before", held: "held" };

/**
 * Sends a message once per (subject, address, key): the sending is claimed first, confirmed once
 * handed over, and given back when the mail server refused it (the job is then retried, and sends
 * it, so nobody is left out). The message is written only once the claim is held. Where no message
 * reaches anyone (no SMTP) it is only logged, and not kept as sent, since a feedback's activity
 * tells what was sent.
 */
export function sendOnce(
  deps: SendOnceDeps,
  to: { readonly subjectId: string; readonly key: string; readonly email: string },
  compose: () => Message | Promise<Message>,
): Promise<Sent> {
  return sendOnceTogether(deps, to, [to.subjectId], compose);
}

/**
 * sendOnce for one message that may tell of several subjects, each once: the feedbacks one bulk
 * change assigned to a person. `together` holds them in the order the message names them, the
 * job's own subject (`to.subjectId`) among them; the first leads. While another sender holds the
 * first, it may be telling them all: this one is `held` (its job is retried, and then finds its
 * subject told). Once the first was told, this job answers for its own subject, as sendOnce does.
 * Then each other subject that no one told or holds is claimed too, and the message, composed for
 * those claimed (`told`), confirms or gives back all of them together. Composed as null, it has
 * nothing left to tell: nothing is sent, and the subjects are given back, not kept as told. Where
 * nothing is delivered, the message is logged by the first subject's sender alone.
 */
export async function sendOnceTogether(
  deps: SendOnceDeps,
  to: { readonly subjectId: string; readonly key: string; readonly email: string },
  together: readonly string[],
  compose: (told: readonly string[]) => Message | null | Promise<Message | null>,
): Promise<Sent> {
  const { store, clock } = deps;
  const { subjectId, key, email } = to;
  const subjects = together.includes(subjectId) ? together : [subjectId, ...together];
  const first = subjects[0]!;
  /** Composes the message telling of `told` and hands it over; false when it had nothing to tell. */
  const tell = async (told: readonly string[]) => {
    const composed = await compose(told);
    if (composed) await deps.notifier.send({ to: email, ...composed, messageId: `${key}.${told[0]}.${encodeURIComponent(email)}` });
    return composed !== null;
  };
  if (!deps.notifier.delivers) {
    if (first !== subjectId) return "logged";
    return (await tell(subjects)) ? "logged" : "moot";
  }
  const claim = (id: string) => store.claimNotification(id, email, key, clock(), CLAIM_LEASE_MS);
  const led = await claim(first);
  if (led === "held" || (led === "sent" && first === subjectId)) return NOT_OURS[led];
  const claimed = new Set(led === "claimed" ? [first] : []);
  if (led === "sent") {
    const own = await claim(subjectId);
    if (own !== "claimed") return NOT_OURS[own];
    claimed.add(subjectId);
  }
  let told: boolean;
  try {
    for (const id of subjects) if (!claimed.has(id) && (await claim(id)) === "claimed") claimed.add(id);
    told = await tell(subjects.filter((id) => claimed.has(id)));
  } catch (error) {
    for (const id of claimed) await store.releaseNotification(id, email, key);
    throw error;
  }
  for (const id of claimed) await (told ? store.confirmNotification(id, email, key, clock()) : store.releaseNotification(id, email, key));
  return told ? "sent" : "moot";
}
